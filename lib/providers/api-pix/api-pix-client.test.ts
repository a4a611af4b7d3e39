import { describe, expect, it } from "vitest";
import { operationLabel } from "./api-pix-client";

describe("operationLabel", () => {
  it("keeps the API Pix's own words and replaces every id, key and txid", () => {
    expect(operationLabel("PUT", "/v2/cob/82R5DGXPU88D5G3F15ZWYC4YMTGSW18O")).toBe("PUT /v2/cob/{id}");
    expect(operationLabel("PUT", "/v2/pix/E99999999202611291052025abcdEFGH/devolucao/D1a2b3c4")).toBe(
      "PUT /v2/pix/{id}/devolucao/{id}",
    );
    expect(operationLabel("GET", "/v2/pix")).toBe("GET /v2/pix");
    expect(operationLabel("POST", "/oauth/token")).toBe("POST /oauth/token");
    expect(operationLabel("PUT", "/v2/webhook/pagamentos@cashier.example")).toBe("PUT /v2/webhook/{id}");
    expect(operationLabel("PUT", "/v2/gn/pix/f47ac10b-58cc-4372-a567-0e02b2c3d479")).toBe("PUT /v2/gn/pix/{id}");
    expect(operationLabel("POST", "/v1/pagamentos/pix")).toBe("POST /v1/pagamentos/pix");
    // A txid of letters alone is still an id: longer than any of the API's words.
    expect(operationLabel("GET", "/cob/abcdefghijklmnopqrstuvwxyzabcdef")).toBe("GET /cob/{id}");
  });
});
