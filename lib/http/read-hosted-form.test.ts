import { describe, expect, it } from "vitest";
import { readHostedForm } from "./read-hosted-form";

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://127.0.0.1/pay/x", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });

describe("readHostedForm", () => {
  it("reads a browser's form, first value of a name winning", async () => {
    expect(
      await readHostedForm(post("name=Maria+da+Silva&cpf=529.982.247-25&cpf=1", "application/x-www-form-urlencoded")),
    ).toEqual({
      name: "Maria da Silva",
      cpf: "529.982.247-25",
    });
  });

  it("leaves out what no customer types: a file, a field over 1,000 characters", async () => {
    const form = new FormData();
    form.append("cpf", new Blob(["52998224725"]), "cpf.txt");
    form.append("name", "a".repeat(1001));
    form.append("amount", "10,00");
    expect(await readHostedForm(post(form))).toEqual({ amount: "10,00" });
  });

  it("reads a body over 1 MB, sent with no Content-Length, as a form left blank without reading on", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`name=${"a".repeat(64 * 1024)}&`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://127.0.0.1/pay/x", {
      method: "POST",
      body: endless,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await readHostedForm(request)).toEqual({});
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("reads a body that is no form as a form left blank", async () => {
    expect(await readHostedForm(post("{{{", "application/json"))).toEqual({});
    expect(await readHostedForm(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toEqual({});
  });
});
