import { describe, expect, it } from "vitest";
import { settingsView } from "./settings-view";

describe("settingsView", () => {
  it("lets a merchant's admin change the settings, and a viewer read them", () => {
    expect(settingsView({ role: "merchant-admin" })).toEqual({ kind: "edit" });
    expect(settingsView({ role: "merchant-viewer" })).toEqual({ kind: "read" });
  });

  it("sends an operator to the merchants page, where every merchant's are set", () => {
    expect(settingsView({ role: "operator" })).toEqual({ kind: "redirect", to: "/console/merchants" });
  });
});
