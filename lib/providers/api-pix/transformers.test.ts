import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../errors/app-error";
import { log } from "../../log/logger";
import {
  cobAnswerSchema,
  devolucaoAnswerSchema,
  pixAnswerSchema,
  pixListAnswerSchema,
  readHorario,
  readValor,
} from "./schemas";
import {
  checkCob,
  fromDevolucaoId,
  toChargeState,
  toCobRequest,
  toDevolucaoId,
  toProviderRefund,
  toReceivedPix,
} from "./transformers";

const txid = "A".repeat(32);
const endToEndId = "E".repeat(32);
const chave = "pagamentos@cashier.example";
const cobAnswer = {
  txid,
  calendario: { criacao: "2026-11-22T20:00:00.000Z", expiracao: 1800 },
  revisao: 0,
  status: "ATIVA",
  valor: { original: "10.50" },
  chave,
  loc: { id: 7, location: "psp.example/qr/v2/abc", tipoCob: "cob", criacao: "2026-11-22T20:00:00.000Z" },
  pixCopiaECola: "000201…",
};
const cob = cobAnswerSchema.parse(cobAnswer);
const pixAnswer = { endToEndId, txid, valor: "10.50", horario: "2026-11-22T20:03:00.000Z" };
const devolucaoAnswer = {
  id: "rfd0123456789abcdefghij",
  rtrId: "D".repeat(32),
  valor: "4.00",
  horario: { solicitacao: "2026-11-22T20:05:00Z" },
  status: "EM_PROCESSAMENTO",
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("API Pix transformers", () => {
  it("writes the charge the gateway asks for", () => {
    expect(toCobRequest({ txid, amountCents: 1050n, expiresInSeconds: 1800 }, "k")).toEqual({
      calendario: { expiracao: 1800 },
      valor: { original: "10.50" },
      chave: "k",
    });
    const full = toCobRequest(
      {
        txid,
        amountCents: 1n,
        expiresInSeconds: 60,
        payer: { cpf: "52998224725", name: "Ana" },
        description: "x".repeat(200),
      },
      "k",
    );
    expect(full).toMatchObject({ devedor: { cpf: "52998224725", nome: "Ana" }, valor: { original: "0.01" } });
    expect(full.solicitacaoPagador).toHaveLength(140);
  });

  it("maps the charge's status, with its amount", () => {
    expect(toChargeState(cob)).toEqual({
      status: "active",
      charge: { amountCents: 1050n, qrCodeText: "000201…", location: "psp.example/qr/v2/abc" },
    });
    const paid = cobAnswerSchema.parse({ ...cobAnswer, status: "CONCLUIDA", pix: [pixAnswer] });
    expect(toChargeState(paid)).toMatchObject({
      status: "paid",
      payments: [{ endToEndId, txid, amountCents: 1050n, paidAt: new Date(pixAnswer.horario), refunds: [] }],
    });
    expect(toChargeState(cobAnswerSchema.parse({ ...cobAnswer, status: "REMOVIDA_PELO_PSP" })).status).toBe("closed");
    expect(
      toChargeState(
        cobAnswerSchema.parse({ ...cobAnswer, status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", pixCopiaECola: null }),
      ),
    ).toEqual({ status: "closed", charge: null });
    expect(
      toChargeState(cobAnswerSchema.parse({ ...cobAnswer, loc: undefined, location: "psp.example/qr/v2/def" })),
    ).toMatchObject({ charge: { location: "psp.example/qr/v2/def" } });
  });

  it("maps a refund's status, its reason, its nature and the gateway's refund id", () => {
    expect(toProviderRefund(devolucaoAnswerSchema.parse(devolucaoAnswer))).toEqual({
      refundId: "rfd_0123456789abcdefghij",
      status: "pending",
      amountCents: 400n,
      providerRefundId: "D".repeat(32),
      failureReason: null,
      nature: null,
    });
    const read = (fields: object) => toProviderRefund(devolucaoAnswerSchema.parse({ ...devolucaoAnswer, ...fields }));
    expect(read({ status: "DEVOLVIDO", natureza: "ORIGINAL" })).toMatchObject({
      status: "completed",
      nature: "original",
    });
    expect(read({ status: "NAO_REALIZADO", motivo: "Conta encerrada" })).toMatchObject({
      status: "failed",
      failureReason: "Conta encerrada",
    });
    expect(read({ natureza: "MED_FRAUDE" }).nature).toBe("med_fraud");
    expect(toDevolucaoId("rfd_0123456789abcdefghij")).toBe("rfd0123456789abcdefghij");
    expect(fromDevolucaoId("psp42")).toBe("psp42");
    expect(() => toDevolucaoId("bad id")).toThrow(/cannot be an API Pix devolucao id/);
  });
});

describe("reading a PSP's valor", () => {
  it("reads the document's form and the short and numeric forms PSPs send, exactly", () => {
    expect(readValor("10.50")).toBe(1050n);
    expect(readValor("10.5")).toBe(1050n);
    expect(readValor("10")).toBe(1000n);
    expect(readValor("0.01")).toBe(1n);
    expect(readValor("0")).toBe(0n);
    expect(readValor("9999999999.99")).toBe(999999999999n);
    expect(readValor(10.5)).toBe(1050n);
    expect(readValor(10)).toBe(1000n);
    expect(readValor(0.1)).toBe(10n);
    expect(readValor(9999999999.99)).toBe(999999999999n);
  });

  it("never rounds through float arithmetic: amounts whose times-100 is inexact read exactly", () => {
    // 19.99 * 100 is 1998.9999999999998, 1.15 * 100 is 114.99999999999999, 4.35 * 100 is 434.99999999999994.
    expect(readValor(19.99)).toBe(1999n);
    expect(readValor(1.15)).toBe(115n);
    expect(readValor(4.35)).toBe(435n);
    expect(readValor(0.07)).toBe(7n);
  });

  it("refuses negatives, more than two decimals, exponents and anything that is not an amount", () => {
    // 0.1 + 0.2 is 0.30000000000000004: a PSP that sends it has a bug, not thirty centavos.
    for (const valor of [
      0.1 + 0.2,
      1.005,
      "10.505",
      "10.500",
      -1,
      "-1.00",
      -0.5,
      "1e3",
      "1E2",
      1e21,
      1e-7,
      "10,50",
      "",
      " 10.50",
      "10.50 ",
      "10.",
      ".5",
      "+10",
      "0x10",
      "12345678901.00",
      12345678901,
      NaN,
      Infinity,
      null,
      undefined,
      true,
      {},
      ["10.50"],
    ]) {
      expect(() => readValor(valor), String(valor)).toThrow(AppError);
    }
    expect(() => readValor("-1.00")).toThrow(/at most two decimals/);
  });
});

describe("reading a PSP's horario", () => {
  it("reads RFC 3339 with a zone, and without one as Brasília's time (UTC−03:00)", () => {
    expect(readHorario("2026-11-22T20:03:00Z")).toEqual(new Date("2026-11-22T20:03:00Z"));
    expect(readHorario("2026-11-22T20:03:00.123456-03:00")).toEqual(new Date("2026-11-22T23:03:00.123Z"));
    expect(readHorario("2026-11-22t20:03:00z")).toEqual(new Date("2026-11-22T20:03:00Z"));
    expect(readHorario("2026-11-22T17:03:00")).toEqual(new Date("2026-11-22T20:03:00Z"));
    expect(readHorario("2026-01-15T23:30:00.5")).toEqual(new Date("2026-01-16T02:30:00.500Z"));
  });

  it("is null for what is no date and time", () => {
    for (const horario of [
      "2026-02-30T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-11-22T24:00:00Z",
      "2026-11-22T20:60:00Z",
      "2026-11-22",
      "20:03",
      "ontem",
      "",
      1700000000000,
      null,
      {},
    ]) {
      expect(readHorario(horario), String(horario)).toBeNull();
    }
  });
});

describe("reading a PSP's answers leniently, strict on what decides money", () => {
  it("reads a Pix with a short or numeric valor, nulls, no zone and fields of the PSP's own", () => {
    const expected = { endToEndId, txid, amountCents: 1050n, paidAt: new Date(pixAnswer.horario), refunds: [] };
    expect(toReceivedPix(pixAnswerSchema.parse({ ...pixAnswer, valor: "10.5" }))).toEqual(expected);
    expect(toReceivedPix(pixAnswerSchema.parse({ ...pixAnswer, valor: 10.5 }))).toEqual(expected);
    expect(toReceivedPix(pixAnswerSchema.parse({ ...pixAnswer, horario: "2026-11-22T17:03:00.000" }))).toEqual(
      expected,
    );
    expect(
      toReceivedPix(
        pixAnswerSchema.parse({
          ...pixAnswer,
          chave: null,
          infoPagador: null,
          devolucoes: null,
          componentesValor: { original: { valor: "10.50" } },
          campoDoPsp: 1,
        }),
      ),
    ).toEqual(expected);
    expect(toReceivedPix(pixAnswerSchema.parse({ ...pixAnswer, txid: null }))).toEqual({ ...expected, txid: null });
  });

  it("takes the time a Pix was read when its horario is unreadable: it decides no money", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
    for (const horario of [undefined, null, "ontem", 1700000000]) {
      expect(pixAnswerSchema.parse({ ...pixAnswer, horario }).horario).toEqual(new Date("2026-11-23T10:00:00Z"));
    }
  });

  it("refuses a Pix whose end-to-end id, txid or valor cannot be read", () => {
    for (const fields of [
      { endToEndId: "E".repeat(31) },
      { endToEndId: null },
      { txid: "não-é-txid" },
      { txid: 42 },
      { valor: "10.505" },
      { valor: null },
      { valor: -10.5 },
    ]) {
      expect(pixAnswerSchema.safeParse({ ...pixAnswer, ...fields }).success, JSON.stringify(fields)).toBe(false);
    }
  });

  it("reads a refund's unknown status as pending and an unknown nature as none; drops a malformed rtrId", () => {
    const read = (fields: object) => toProviderRefund(devolucaoAnswerSchema.parse({ ...devolucaoAnswer, ...fields }));
    expect(read({ status: "EM_ANALISE" }).status).toBe("pending");
    expect(read({ status: "constructor" }).status).toBe("pending");
    expect(read({ natureza: "constructor" }).nature).toBeNull();
    expect(read({ natureza: null, motivo: null, descricao: null, horario: null })).toMatchObject({
      nature: null,
      failureReason: null,
    });
    expect(read({ rtrId: "curto" }).providerRefundId).toBeNull();
    expect(read({ rtrId: null }).providerRefundId).toBeNull();
    expect(read({ valor: 4 }).amountCents).toBe(400n);
    expect(read({ status: "NAO_REALIZADO", motivo: "x".repeat(300) }).failureReason).toHaveLength(140);
    for (const fields of [{ status: null }, { status: 3 }, { id: "rfd_com_traco" }, { valor: "4,00" }]) {
      expect(devolucaoAnswerSchema.safeParse({ ...devolucaoAnswer, ...fields }).success, JSON.stringify(fields)).toBe(
        false,
      );
    }
  });

  it("skips one unreadable refund of a Pix, logging its ids and never its amount", () => {
    const warn = vi.spyOn(log, "warn");
    const pix = pixAnswerSchema.parse({
      ...pixAnswer,
      devolucoes: [devolucaoAnswer, { ...devolucaoAnswer, id: "rfdsegunda", valor: "4.005" }],
    });
    expect(toReceivedPix(pix).refunds.map((refund) => refund.refundId)).toEqual(["rfd_0123456789abcdefghij"]);
    expect(warn).toHaveBeenCalledWith("unreadable item in a PSP answer; skipped", {
      in: "a Pix's devolucoes",
      id: "rfdsegunda",
      rtrId: "D".repeat(32),
      issues: [expect.stringMatching(/^valor: /)],
    });
    expect(JSON.stringify(warn.mock.calls)).not.toContain("4.005");
  });

  it("reads a GET /pix page item by item: a Pix without txid reads, a broken one is skipped, null is an empty page", () => {
    const warn = vi.spyOn(log, "warn");
    const other = { ...pixAnswer, endToEndId: "F".repeat(32), txid: null };
    const page = pixListAnswerSchema.parse({
      parametros: {
        inicio: "2026-11-22T20:00:00Z",
        fim: "2026-11-22T21:00:00Z",
        paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 3 },
        cpf: null,
      },
      pix: [pixAnswer, { ...pixAnswer, endToEndId: "curto", valor: "10.5" }, other],
    });
    expect(page.pix.map(toReceivedPix).map((pix) => [pix.endToEndId, pix.txid])).toEqual([
      [endToEndId, txid],
      ["F".repeat(32), null],
    ]);
    expect(warn).toHaveBeenCalledWith(
      "unreadable item in a PSP answer; skipped",
      expect.objectContaining({ in: "a GET /pix page", endToEndId: "curto", txid }),
    );
    expect(pixListAnswerSchema.parse({ parametros: { paginacao: { quantidadeDePaginas: 1 } }, pix: null }).pix).toEqual(
      [],
    );
    expect(
      pixListAnswerSchema.safeParse({ parametros: { paginacao: { quantidadeDePaginas: "1" } }, pix: [] }).success,
    ).toBe(false);
  });

  it("reads a charge with nulls, a numeric valor and no zone; its Pix without txid take the charge's", () => {
    const paid = cobAnswerSchema.parse({
      ...cobAnswer,
      calendario: { criacao: "2026-11-22T17:00:00", expiracao: 1800 },
      status: "CONCLUIDA",
      valor: { original: 10.5, modalidadeAlteracao: 0 },
      devedor: null,
      solicitacaoPagador: null,
      loc: { id: 7, location: "psp.example/qr/v2/abc", tipoCob: null, criacao: null },
      pix: [{ ...pixAnswer, txid: null, valor: "10.5", horario: "2026-11-22T17:03:00" }, { endToEndId: "quebrado" }],
    });
    expect(paid.calendario?.criacao).toEqual(new Date("2026-11-22T20:00:00Z"));
    expect(toChargeState(paid)).toEqual({
      status: "paid",
      charge: { amountCents: 1050n, qrCodeText: "000201…", location: "psp.example/qr/v2/abc" },
      payments: [{ endToEndId, txid, amountCents: 1050n, paidAt: new Date(pixAnswer.horario), refunds: [] }],
    });
    expect(toChargeState(cobAnswerSchema.parse({ ...cobAnswer, status: "CONCLUIDA", pix: null }))).toMatchObject({
      status: "paid",
      payments: [],
    });
    expect(cobAnswerSchema.parse({ ...cobAnswer, calendario: null }).calendario).toBeUndefined();
    expect(cobAnswerSchema.parse({ ...cobAnswer, calendario: { expiracao: 1800 } }).calendario).toEqual({
      criacao: null,
    });
  });

  it("reads a charge status it does not know as active, never closed or paid", () => {
    const warn = vi.spyOn(log, "warn");
    expect(toChargeState(cobAnswerSchema.parse({ ...cobAnswer, status: "EM_PROCESSAMENTO" }))).toEqual({
      status: "active",
      charge: toChargeState(cob).charge,
    });
    expect(warn).toHaveBeenCalledWith("unknown charge status from the PSP; read as active", {
      txid,
      status: "EM_PROCESSAMENTO",
    });
  });

  it("refuses a charge whose txid, amount, key or status cannot be read", () => {
    for (const fields of [
      { txid: "curto" },
      { txid: null },
      { valor: { original: "10.505" } },
      { valor: null },
      { chave: null },
      { status: null },
      { pixCopiaECola: 42 },
    ]) {
      expect(cobAnswerSchema.safeParse({ ...cobAnswer, ...fields }).success, JSON.stringify(fields)).toBe(false);
    }
  });
});

describe("checking the PSP's charge against the one asked for", () => {
  const asked = { txid, chave, amountCents: 1050n };

  it("passes the charge asked for, and the amount only when it is known", () => {
    expect(checkCob(cob, asked)).toBe(cob);
    expect(
      checkCob(cobAnswerSchema.parse({ ...cobAnswer, valor: { original: "99.00" } }), { txid, chave }),
    ).toBeTruthy();
  });

  it("refuses another txid, amount or key with provider_mismatch naming the field and both values", () => {
    const mismatch = (fields: object, expected: { txid: string; chave: string; amountCents?: bigint } = asked) => {
      try {
        checkCob(cobAnswerSchema.parse({ ...cobAnswer, ...fields }), expected);
      } catch (error) {
        return error as AppError;
      }
      throw new Error("expected a mismatch");
    };
    expect(mismatch({ valor: { original: "11.00" } })).toMatchObject({
      code: "provider_mismatch",
      status: 502,
      detail: `the PSP answered charge ${txid} with valor.original 11.00 instead of 10.50`,
    });
    expect(mismatch({ valor: { original: 10.05 } }).detail).toBe(
      `the PSP answered charge ${txid} with valor.original 10.05 instead of 10.50`,
    );
    expect(mismatch({ txid: "B".repeat(32) }).detail).toBe(
      `the PSP answered charge ${txid} with txid ${"B".repeat(32)} instead of ${txid}`,
    );
    expect(mismatch({ chave: "outra@example.com" }, { txid, chave }).detail).toBe(
      `the PSP answered charge ${txid} with chave outra@example.com instead of ${chave}`,
    );
  });
});
