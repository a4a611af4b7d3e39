import { describe, expect, it } from "vitest";
import { consoleUserView } from "./console-user-view";
import type { ConsoleUserSummary } from "./list-console-users";

const operator = { userId: "usr_op", role: "operator" as const };
const admin = { userId: "usr_admin", role: "merchant-admin" as const };
const viewer: ConsoleUserSummary = {
  id: "usr_viewer",
  email: "v@loja.example",
  role: "merchant-viewer",
  merchantId: "mer_a",
  status: "active",
  totp: false,
  createdAt: "2026-11-28T12:00:00.000Z",
  disabledAt: null,
};

describe("consoleUserView", () => {
  it("offers an operator the actions on a merchant's active user, naming its merchant and its authenticator", () => {
    expect(consoleUserView(operator, viewer)).toEqual({
      isSelf: false,
      statusTone: "success",
      authenticator: "off",
      namesMerchant: true,
      canAct: true,
    });
  });

  it("names no merchant to a merchant admin, whose users are all their own merchant's", () => {
    expect(consoleUserView(admin, { ...viewer, totp: true })).toMatchObject({
      namesMerchant: false,
      authenticator: "on",
    });
  });

  it("offers nothing on one's own account", () => {
    expect(consoleUserView(admin, { ...viewer, id: "usr_admin" })).toMatchObject({ isSelf: true, canAct: false });
  });

  it("says nothing of an authenticator before setup is done, and offers nothing on a disabled user", () => {
    expect(consoleUserView(operator, { ...viewer, status: "setup_pending" })).toMatchObject({
      statusTone: "warning",
      authenticator: null,
      canAct: true,
    });
    expect(consoleUserView(operator, { ...viewer, status: "disabled" })).toMatchObject({
      statusTone: "neutral",
      authenticator: null,
      canAct: false,
    });
  });

  it("names no merchant for an operator's own kind, who has none", () => {
    expect(consoleUserView(operator, { ...viewer, role: "operator", merchantId: null }).namesMerchant).toBe(false);
  });
});
