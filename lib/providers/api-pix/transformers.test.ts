import { describe, expect, it } from "vitest";
import { cobSchema } from "./schemas";
import { fromDevolucaoId, toChargeState, toCobRequest, toDevolucaoId, toProviderRefund, valorToCents } from "./transformers";

const cob = cobSchema.parse({
  txid: "A".repeat(32),
  calendario: { criacao: "2026-11-22T20:00:00.000Z", expiracao: 1800 },
  revisao: 0,
  status: "ATIVA",
  valor: { original: "10.50" },
  chave: "pagamentos@cashier.example",
  loc: { id: 7, location: "psp.example/qr/v2/abc", tipoCob: "cob", criacao: "2026-11-22T20:00:00.000Z" },
  pixCopiaECola: "000201…",
});
const devolucao = { id: "rfd0123456789abcdefghij", rtrId: "D".repeat(32), valor: "4.00", horario: { solicitacao: "2026-11-22T20:05:00Z" } };

describe("API Pix transformers", () => {
  it("writes the charge the gateway asks for", () => {
    expect(toCobRequest({ txid: "A".repeat(32), amountCents: 1050n, expiresInSeconds: 1800 }, "k")).toEqual({
      calendario: { expiracao: 1800 },
      valor: { original: "10.50" },
      chave: "k",
    });
    const full = toCobRequest({ txid: "A".repeat(32), amountCents: 1n, expiresInSeconds: 60, payer: { cpf: "52998224725", name: "Ana" }, description: "x".repeat(200) }, "k");
    expect(full).toMatchObject({ devedor: { cpf: "52998224725", nome: "Ana" }, valor: { original: "0.01" } });
    expect(full.solicitacaoPagador).toHaveLength(140);
  });

  it("reads amounts exactly", () => {
    expect(valorToCents("10.50")).toBe(1050n);
    expect(valorToCents("9999999999.99")).toBe(999999999999n);
  });

  it("maps the charge's status", () => {
    expect(toChargeState(cob)).toEqual({ status: "active", charge: { qrCodeText: "000201…", location: "psp.example/qr/v2/abc" } });
    const pix = { endToEndId: "E".repeat(32), txid: cob.txid, valor: "10.50", horario: "2026-11-22T20:03:00.000Z" };
    expect(toChargeState({ ...cob, status: "CONCLUIDA", pix: [pix] })).toMatchObject({
      status: "paid",
      payments: [{ endToEndId: pix.endToEndId, txid: cob.txid, amountCents: 1050n, paidAt: new Date(pix.horario), refunds: [] }],
    });
    expect(toChargeState({ ...cob, status: "REMOVIDA_PELO_PSP" }).status).toBe("closed");
    expect(toChargeState({ ...cob, loc: undefined, location: "psp.example/qr/v2/def" })).toMatchObject({ charge: { location: "psp.example/qr/v2/def" } });
  });

  it("maps a refund's status, its reason and the gateway's refund id", () => {
    expect(toProviderRefund({ ...devolucao, status: "EM_PROCESSAMENTO" })).toEqual({
      refundId: "rfd_0123456789abcdefghij",
      status: "pending",
      amountCents: 400n,
      providerRefundId: "D".repeat(32),
      failureReason: null,
    });
    expect(toProviderRefund({ ...devolucao, status: "DEVOLVIDO" }).status).toBe("completed");
    expect(toProviderRefund({ ...devolucao, status: "NAO_REALIZADO", motivo: "Conta encerrada" })).toMatchObject({ status: "failed", failureReason: "Conta encerrada" });
    expect(toDevolucaoId("rfd_0123456789abcdefghij")).toBe("rfd0123456789abcdefghij");
    expect(fromDevolucaoId("psp42")).toBe("psp42");
    expect(() => toDevolucaoId("bad id")).toThrow(/cannot be an API Pix devolucao id/);
  });
});
