import { describe, expect, it } from "vitest";
import { type ActionCall, actionHostOf, findActionCallProblem } from "./find-action-call-problem";

const KNOWN = "40bcb00484f87d90c2538febbf3f7db5034c19220a";
const isKnown = (id: string) => id === KNOWN;
const text = (body: string, actionId: string | null = KNOWN, contentType = "text/plain;charset=UTF-8"): ActionCall => ({
  actionId,
  contentType,
  body: new TextEncoder().encode(body),
});
const multipart = (
  parts: [string, string][],
  actionId: string | null = KNOWN,
  boundary = "----CashierTestBoundary7f3a",
): ActionCall =>
  text(
    parts
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}--\r\n`,
    actionId,
    `multipart/form-data; boundary=${boundary}`,
  );
const check = (call: ActionCall) => findActionCallProblem(call, isKnown);
const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("findActionCallProblem", () => {
  it("lets through what the console's forms send, with and without script", async () => {
    expect(await check(text("[]"))).toBeNull();
    expect(
      await check(text('["mer_1",{"status":"idle"},"$undefined","$$5","$n12","$D2026-01-01T00:00:00.000Z"]')),
    ).toBeNull();
    // useActionState with a form: the form's fields under "_1_", the arguments in part 0.
    expect(
      await check(
        multipart([
          ["_1_email", "a@example.com"],
          ["0", '[{"status":"idle"},"$K1"]'],
        ]),
      ),
    ).toBeNull();
    // The same form without script: the action and its bound arguments in the $ACTION_ fields.
    expect(
      await check(
        multipart(
          [
            ["$ACTION_REF_1", ""],
            ["$ACTION_1:0", `{"id":"${KNOWN}","bound":"$@1"}`],
            ["$ACTION_1:1", '["token",{"status":"idle"}]'],
            ["$ACTION_KEY", "k1"],
            ["email", "a@example.com"],
          ],
          null,
        ),
      ),
    ).toBeNull();
    expect(await check(multipart([[`$ACTION_ID_${KNOWN}`, ""]], null))).toBeNull();
    // A multipart POST that names no action is no action call: the page answers it.
    expect(await check(multipart([["a", "b"]], null))).toBeNull();
    expect(await check(text("{{{", null, "application/json"))).toBeNull();
  });

  it("refuses an action id this build does not have, however it is named, as not found", async () => {
    const unknown = "deadbeef".repeat(5) + "00";
    for (const call of [
      text("[]", unknown),
      text("[]", "x"),
      multipart([["0", "[]"]], unknown),
      multipart([[`$ACTION_ID_${unknown}`, ""]], null),
      multipart(
        [
          ["$ACTION_REF_1", ""],
          ["$ACTION_1:0", `{"id":"${unknown}","bound":null}`],
        ],
        null,
      ),
    ]) {
      expect(await check(call)).toEqual({ code: "not_found", detail: "no such server action" });
    }
  });

  it("refuses multipart Next.js cannot parse: a wrong boundary, no boundary, a body cut short", async () => {
    const broken = (body: string, contentType: string) => text(body, null, contentType);
    for (const call of [
      broken("--b\r\nfoo\r\n", "multipart/form-data; boundary=zzz"),
      broken('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx', "multipart/form-data; boundary=b"),
      broken("--b\r\n", "multipart/form-data"),
      broken("", "multipart/form-data; boundary=b"),
      { ...broken("--b\r\n", "multipart/form-data"), actionId: KNOWN },
    ]) {
      expect(await check(call)).toMatchObject({ code: "form_malformed" });
    }
  });

  it("refuses a part whose header holds a control character, which Next.js's multipart reader throws on", async () => {
    const malformed = { code: "form_malformed", detail: expect.stringMatching(/multipart/) };
    expect(await check(multipart([["_1_x\u0000y", "a"]]))).toMatchObject(malformed);
    expect(await check(multipart([["_1_x\u001by", "a"]], null))).toMatchObject(malformed);
    // A tab and bytes above ASCII are allowed there; a NUL in a value is the arguments' business.
    expect(
      await check(
        multipart([
          ["_1_x\ty", "a"],
          ["_1_ação", "a\u0000"],
          ["0", "[]"],
        ]),
      ),
    ).toBeNull();
  });

  it("refuses arguments that are not a JSON array, whatever the content type says", async () => {
    for (const contentType of ["text/plain", "application/json", "application/x-www-form-urlencoded", ""]) {
      expect(await check(text("{{{not json", KNOWN, contentType)), contentType).toMatchObject({
        code: "action_malformed",
      });
    }
    expect(await check(text("\ufeff[]"))).toMatchObject({ code: "action_malformed" });
    expect(await check(text(JSON.stringify(Array(1001).fill(1))))).toMatchObject({
      detail: expect.stringMatching(/1000/),
    });
    expect(await check(text(JSON.stringify([{}, "$K1", "b".repeat(1_000_000)])))).toMatchObject({
      detail: expect.stringMatching(/characters/),
    });
    expect(await check(text('{"a":1}'))).toMatchObject({
      code: "action_malformed",
      detail: expect.stringMatching(/array/),
    });
    expect(await check(multipart([["0", "nope"]]))).toMatchObject({ code: "action_malformed" });
    expect(await check(multipart([["_1_a", "b"]]))).toMatchObject({ code: "action_malformed" });
  });

  it("refuses arguments nested 5,000 deep, or holding a NUL, before React's recursive reader meets them", async () => {
    expect(await check(text(`[${deep(5000)}]`))).toMatchObject({
      code: "action_malformed",
      detail: expect.stringMatching(/nest/),
    });
    expect(await check(multipart([["0", `[${deep(5000)}]`]]))).toMatchObject({ code: "action_malformed" });
    expect(await check(text('["a\\u0000"]'))).toMatchObject({ detail: expect.stringMatching(/NUL/) });
  });

  it("refuses references to parts the call does not carry and objects no console action takes", async () => {
    for (const body of [
      '["$1"]',
      '["$@1"]',
      '["$B1"]',
      '["$Q1"]',
      '["$W1"]',
      '["$h1"]',
      '["$T"]',
      '["$R1"]',
      '["$"]',
      '["$nx"]',
      // A BigInt past React's 300 characters.
      `["$n-${"1".repeat(300)}"]`,
      '["$1:a"]',
    ]) {
      expect(await check(text(body)), body).toMatchObject({ code: "action_malformed" });
    }
    // A part referred to twice, or part 0 referring to itself: a cycle.
    expect(
      await check(
        multipart([
          ["1", "[]"],
          ["0", '["$1","$@1"]'],
        ]),
      ),
    ).toMatchObject({ detail: expect.stringMatching(/twice/) });
    expect(await check(text('["$0"]'))).toMatchObject({ detail: expect.stringMatching(/twice/) });
    // A part that is there is followed and checked like the first.
    expect(
      await check(
        multipart([
          ["1", "[1]"],
          ["0", '["$1"]'],
        ]),
      ),
    ).toBeNull();
    expect(
      await check(
        multipart([
          ["1", deep(100)],
          ["0", '["$1"]'],
        ]),
      ),
    ).toMatchObject({ code: "action_malformed" });
  });

  it("refuses a form without script whose action descriptor or bound arguments are not what a page renders", async () => {
    const form = (descriptor: string, bound?: string) =>
      multipart(
        [
          ["$ACTION_REF_1", ""],
          ["$ACTION_1:0", descriptor],
          ...(bound === undefined ? [] : [["$ACTION_1:1", bound] as [string, string]]),
        ],
        null,
      );
    expect(await check(form("garbage"))).toMatchObject({ code: "action_malformed" });
    expect(await check(form('{"bound":null}'))).toMatchObject({ code: "action_malformed" });
    expect(await check(form(`{"id":"${KNOWN}","bound":"$@1"}`))).toMatchObject({ code: "action_malformed" });
    expect(await check(form(`{"id":"${KNOWN}","bound":"$@1"}`, '{"a":1}'))).toMatchObject({ code: "action_malformed" });
    expect(await check(form(`{"id":"${KNOWN}","bound":"x"}`, "[]"))).toMatchObject({ code: "action_malformed" });
    expect(await check(form(`{"id":"${KNOWN}","bound":"$@1"}`, `[${deep(5000)}]`))).toMatchObject({
      code: "action_malformed",
    });
  });
});

describe("actionHostOf", () => {
  it("is the first X-Forwarded-Host, else Host, as Next.js compares them with the Origin", () => {
    expect(actionHostOf(new Headers({ host: "a.example", "x-forwarded-host": "b.example, c.example" }))).toBe(
      "b.example",
    );
    expect(actionHostOf(new Headers({ host: "a.example" }))).toBe("a.example");
    expect(actionHostOf(new Headers({ host: "a.example", "x-forwarded-host": " , c.example" }))).toBe("a.example");
    expect(actionHostOf(new Headers())).toBeNull();
  });
});
