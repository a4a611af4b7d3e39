import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the API Pix provider", () => {
  it("is one per process, shared by every copy of the module, until a test forgets it", async () => {
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "a".repeat(64));
    vi.stubEnv("PIX_PSP_URL", "https://psp.example/api/v2");
    vi.stubEnv("PIX_PSP_CLIENT_ID", "cashier");
    vi.stubEnv("PIX_PSP_CLIENT_SECRET", "not-a-real-secret");
    const routes = await import("./find-provider");
    const provider = routes.providerForMode("live");
    // A second copy, as npm start's script loads beside Next.js's bundle: the same client, so the
    // same OAuth token and connections to the PSP.
    vi.resetModules();
    const jobs = await import("./find-provider");
    expect(jobs).not.toBe(routes);
    expect(jobs.findProviderByName("api_pix")).toBe(provider);

    jobs.forgetApiPixProvider();
    const renewed = routes.providerForMode("live");
    expect(renewed).not.toBe(provider);
    expect(jobs.providerForMode("live")).toBe(renewed);
    routes.forgetApiPixProvider();
  });
});
