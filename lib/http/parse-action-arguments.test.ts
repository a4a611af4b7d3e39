import { describe, expect, it } from "vitest";
import { formArguments, formStateArguments } from "./action-arguments";
import { parseActionArguments } from "./parse-action-arguments";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
// notFound()'s signal, which Next.js answers with its 404.
const notFound = expect.objectContaining({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });

describe("parseActionArguments", () => {
  it("hands back what the page's form sends", () => {
    const sent = form({ email: "a@example.com" });
    expect(parseActionArguments(formStateArguments, [{ status: "idle" }, sent])).toEqual([{ status: "idle" }, sent]);
    expect(parseActionArguments(formArguments, [sent])).toEqual([sent]);
  });

  it("answers a call no page makes with the 404 of notFound(), not an exception of its own", () => {
    for (const args of [[], [1], ["x"], [{}, "not a form"], [[[[]]]]]) {
      expect(() => parseActionArguments(formArguments, args), JSON.stringify(args)).toThrow(notFound);
    }
    expect(() => parseActionArguments(formStateArguments, [null, 2])).toThrow(notFound);
  });

  it("refuses a field, or a field's name, that no database stores", () => {
    for (const sent of [form({ name: "a\u0000b" }), form({ "a\u0000": "b" })]) {
      expect(() => parseActionArguments(formArguments, [sent])).toThrow(notFound);
    }
    const withFile = new FormData();
    withFile.append("logo", new Blob(["\u0000"]), "logo.png");
    expect(parseActionArguments(formArguments, [withFile])).toEqual([withFile]);
  });
});
