import { describe, expect, it } from "vitest";
import { readApiPixNotification } from "./read-api-pix-notification";

const endToEndId = "E99999997202611241200abcdefghijk";

describe("the API Pix notification reader", () => {
  it("reads a notice whose item nests deeper than JSON.stringify can follow, rather than failing the call", () => {
    const depth = 20_000;
    const deep = JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`.slice(0, 2 * depth)) as unknown;
    const body = { pix: [{ endToEndId, extra: deep }] };
    const request = { url: new URL("https://gateway.example/api/psp/webhook/pix"), headers: new Headers(), body };
    expect(readApiPixNotification(request, null)).toEqual([
      { subject: "received_pix", id: endToEndId, digest: expect.any(String) },
    ]);
  });
});
