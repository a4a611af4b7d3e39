import { describe, expect, it } from "vitest";
import { clearedRefusedFormCookie, readRefusedForm, refusedFormCookie } from "./refused-form";

const withCookie = (cookie: string) => new Request("http://127.0.0.1/pay/tok", { headers: { cookie } });

describe("a refused hosted form across its redirect", () => {
  it("comes back as it was sent, from a cookie scoped to the payment, short-lived and out of scripts' reach", () => {
    const form = { invalid: ["cpf" as const], values: { name: "Maria", cpf: "111.111.111-11" } };
    const cookie = refusedFormCookie("tok", form);
    expect(cookie).toMatch(/; Path=\/pay\/tok; Max-Age=120; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toContain("111.111");
    expect(readRefusedForm(withCookie(`other=1; ${cookie.split(";")[0]}`))).toEqual(form);
    expect(clearedRefusedFormCookie("tok")).toBe(
      "cashier_refused_form=; Path=/pay/tok; Max-Age=0; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("is none when the cookie is absent, empty, not base64 JSON, or not a refused form", () => {
    const encoded = (value: unknown) =>
      `cashier_refused_form=${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    for (const cookie of [
      "",
      "cashier_refused_form=",
      "cashier_refused_form=%%%",
      encoded({ invalid: ["admin"], values: {} }),
      encoded({ invalid: [], values: { name: "a".repeat(1001) } }),
    ]) {
      expect(readRefusedForm(withCookie(cookie)), cookie).toBeNull();
    }
  });
});
