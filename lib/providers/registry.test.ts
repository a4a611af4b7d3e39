import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The unit project shares modules between files: each test reads the configuration it stubs.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the registry", () => {
  it("builds the implicit account's adapter once per process, shared by every copy of the module", async () => {
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "a".repeat(64));
    vi.stubEnv("PIX_PSP_URL", "https://psp.example/api/v2");
    vi.stubEnv("PIX_PSP_CLIENT_ID", "cashier");
    vi.stubEnv("PIX_PSP_CLIENT_SECRET", "not-a-real-secret");
    const routes = await import("./registry");
    const live = { mode: "live" };
    const provider = await routes.providerForRail(live, "charges");
    expect(provider.accountId).toBe(routes.IMPLICIT_ACCOUNT_ID);
    // A second copy, as npm start's script loads beside Next.js's bundle: the same client, so the
    // same OAuth token and connections to the PSP.
    vi.resetModules();
    const jobs = await import("./registry");
    expect(jobs).not.toBe(routes);
    await expect(jobs.findProvider(routes.IMPLICIT_ACCOUNT_ID)).resolves.toBe(provider);

    jobs.forgetProviders();
    const renewed = await routes.providerForRail(live, "charges");
    expect(renewed).not.toBe(provider);
    await expect(jobs.providerForRail(live, "charges")).resolves.toBe(renewed);
    routes.forgetProviders();
  });

  it("keeps sandbox merchants in the sandbox whatever their routes say, and refuses a missing capability", async () => {
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "a".repeat(64));
    const { providerForRail, capabilityOf } = await import("./registry");
    const provider = await providerForRail({ mode: "sandbox", providerRoutes: { payouts: "pa_elsewhere" } }, "payouts");
    expect(provider.accountId).toBe("sandbox");
    expect(() => capabilityOf(provider, "transfers")).toThrow(/cannot serve transfers/);
  });

  it("answers 503 for a live merchant when no PSP is configured and nothing is routed", async () => {
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "a".repeat(64));
    vi.stubEnv("PIX_PSP_URL", "");
    const { providerForRail } = await import("./registry");
    await expect(providerForRail({ mode: "live" }, "charges")).rejects.toMatchObject({ code: "provider_unavailable" });
  });
});
