import { describe, expect, it } from "vitest";
import { loggablePath, redactPaths } from "./redact-paths";

describe("redact-paths", () => {
  it("replaces the tokens of hosted payments, Gateway In links, setup, sign-up and reset links, and drops the query", () => {
    expect(loggablePath("/pay/Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e/autorizar?banco=nubank&tentativa=ini_1")).toBe(
      "/pay/{token}/autorizar",
    );
    expect(loggablePath("/pay/Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e")).toBe("/pay/{token}");
    expect(loggablePath("/direct/mk_test_abc/eyJhbGciOiJIUzI1NiJ9.e30.sig")).toBe("/direct/mk_test_abc/{token}");
    expect(loggablePath("/console/setup/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).toBe("/console/setup/{token}");
    expect(loggablePath("/console/signup/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).toBe("/console/signup/{token}");
    expect(loggablePath("/console/password-reset/abcdefghijklmnopqrstuvwxyz0123456789ABC-_")).toBe(
      "/console/password-reset/{token}",
    );
    expect(loggablePath("/api/psp/webhook/pix?secret=s3cr3t-of-the-psp")).toBe("/api/psp/webhook/pix");
  });

  it("keeps addresses that carry no credential", () => {
    for (const path of [
      "/pay/ajuda",
      "/pay/retorno/pa_efi1",
      "/api/pix",
      "/console/transactions/dep_abc",
      "/console/signup",
      "/console/forgot-password",
      "//",
    ])
      expect(loggablePath(path)).toBe(path);
    expect(loggablePath(`/${"a".repeat(500)}`)).toHaveLength(200);
  });

  it("finds them in free text, as Next.js writes an address into a message", () => {
    expect(
      redactPaths("Request body exceeded 10MB for /pay/Zk3m_Qv8xT2nLw9pRb4sHc7yJd1fGa6e. Only the first 10MB"),
    ).toBe("Request body exceeded 10MB for /pay/{token}. Only the first 10MB");
    expect(redactPaths('fetch failed: "http://127.0.0.1:3000/api/psp/webhook?secret=abc" at x')).toBe(
      'fetch failed: "http://127.0.0.1:3000/api/psp/webhook?…" at x',
    );
    expect(redactPaths("Did you mean this? It is fine")).toBe("Did you mean this? It is fine");
  });
});
