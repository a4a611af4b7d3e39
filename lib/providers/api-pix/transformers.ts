// Between the API Pix's shapes and the provider contract's: amounts as "10.50" and BigInt
// centavos, the PSP's statuses as the gateway's, a refund's id in the form each side accepts.
import { AppError } from "../../errors/app-error";
import { formatAmountDot } from "../../money/format-amount";
import type { PixCharge, PixChargeRequest, PixChargeState, ProviderRefund, ProviderRefundNature, ReceivedPix } from "../payment-provider";
import { type Cob, type CobRequest, type Devolucao, type DevolucaoRequest, type Pix, devolucaoIdSchema } from "./schemas";

/** "10.50" → 1050n; the schemas already hold the text to \d{1,10}\.\d{2}. */
export function valorToCents(valor: string): bigint {
  return BigInt(valor.replace(".", ""));
}

export function centsToValor(cents: bigint): string {
  return formatAmountDot(cents);
}

export function toCobRequest(request: PixChargeRequest, chave: string): CobRequest {
  return {
    calendario: { expiracao: request.expiresInSeconds },
    ...(request.payer ? { devedor: { cpf: request.payer.cpf, nome: request.payer.name.slice(0, 200) } } : {}),
    valor: { original: centsToValor(request.amountCents) },
    chave,
    ...(request.description ? { solicitacaoPagador: request.description.slice(0, 140) } : {}),
  };
}

/** The charge's BR Code; a PSP that answers without one has not issued a payable charge. */
export function toPixCharge(cob: Cob): PixCharge {
  if (!cob.pixCopiaECola) {
    throw new AppError("provider_error", `the PSP's charge ${cob.txid} has no pixCopiaECola (BR Code) to show the customer`);
  }
  return { amountCents: valorToCents(cob.valor.original), qrCodeText: cob.pixCopiaECola, location: cob.loc?.location ?? cob.location ?? null };
}

export function toChargeState(cob: Cob): PixChargeState {
  switch (cob.status) {
    case "ATIVA":
      return { status: "active", charge: toPixCharge(cob) };
    case "CONCLUIDA":
      return { status: "paid", charge: toPixCharge(cob), payments: (cob.pix ?? []).map(toReceivedPix) };
    default:
      // Removed by the receiver or by the PSP (which includes expiry at some PSPs): it cannot be paid.
      return { status: "closed", charge: cob.pixCopiaECola ? toPixCharge(cob) : null };
  }
}

export function toReceivedPix(pix: Pix): ReceivedPix {
  return {
    endToEndId: pix.endToEndId,
    txid: pix.txid ?? null,
    amountCents: valorToCents(pix.valor),
    paidAt: new Date(pix.horario),
    refunds: (pix.devolucoes ?? []).map(toProviderRefund),
  };
}

const refundNatures = { ORIGINAL: "original", RETIRADA: "withdrawal", MED_FRAUDE: "med_fraud", MED_OPERACIONAL: "med_operational" } as const;

function toRefundNature(natureza: string | undefined): ProviderRefundNature {
  return refundNatures[natureza as keyof typeof refundNatures] ?? null;
}

const refundStatuses = { EM_PROCESSAMENTO: "pending", DEVOLVIDO: "completed", NAO_REALIZADO: "failed" } as const;

export function toProviderRefund(devolucao: Devolucao): ProviderRefund {
  const status = refundStatuses[devolucao.status];
  return {
    refundId: fromDevolucaoId(devolucao.id),
    status,
    amountCents: valorToCents(devolucao.valor),
    providerRefundId: devolucao.rtrId,
    failureReason: status === "failed" ? (devolucao.motivo ?? "the PSP did not carry out the refund (NAO_REALIZADO)") : null,
    nature: toRefundNature(devolucao.natureza),
  };
}

export function toDevolucaoRequest(amountCents: bigint, description: string | undefined): DevolucaoRequest {
  return { valor: centsToValor(amountCents), ...(description ? { descricao: description.slice(0, 140) } : {}) };
}

// The gateway's refund ids are rfd_ and 20 letters and digits; a devolucao id allows only letters
// and digits (at most 35). Dropping the underscore keeps it unique, and reading it back restores
// it, so a Pix's refunds listed by the PSP name the gateway's own ids.
const REFUND_PREFIX = "rfd_";

export function toDevolucaoId(refundId: string): string {
  const id = refundId.startsWith(REFUND_PREFIX) ? `rfd${refundId.slice(REFUND_PREFIX.length)}` : refundId;
  if (!devolucaoIdSchema.safeParse(id).success) {
    throw new AppError("internal_error", `refund id ${refundId} cannot be an API Pix devolucao id (1 to 35 letters and digits)`);
  }
  return id;
}

export function fromDevolucaoId(id: string): string {
  return /^rfd[a-z0-9]{20}$/.test(id) ? `${REFUND_PREFIX}${id.slice(3)}` : id;
}
