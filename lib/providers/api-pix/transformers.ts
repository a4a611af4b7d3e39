// Between the API Pix's shapes and the provider contract's: amounts as "10.50" and BigInt
// centavos, the PSP's statuses as the gateway's, a refund's id in the form each side accepts.
import { AppError } from "../../errors/app-error";
import { log } from "../../log/logger";
import { formatAmountDot } from "../../money/format-amount";
import type {
  PixCharge,
  PixChargeRequest,
  PixChargeState,
  ProviderRefund,
  ProviderRefundNature,
  ProviderRefundStatus,
  ReceivedPix,
} from "../contract/payment-provider";
import {
  type CobAnswer,
  type CobRequest,
  type DevolucaoAnswer,
  type DevolucaoRequest,
  type PixAnswer,
  devolucaoIdSchema,
} from "./schemas";

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

/**
 * The PSP's charge is the one asked for (txid, key and, when known, amount), or provider_mismatch
 * naming the field: a charge for another amount or key is never shown to a customer, who would
 * pay what the gateway then refuses to credit.
 */
export function checkCob(cob: CobAnswer, asked: { txid: string; chave: string; amountCents?: bigint }): CobAnswer {
  const differs = (field: string, answered: string, expected: string) =>
    new AppError(
      "provider_mismatch",
      `the PSP answered charge ${asked.txid} with ${field} ${answered} instead of ${expected}`,
    );
  if (cob.txid !== asked.txid) throw differs("txid", cob.txid, asked.txid);
  if (asked.amountCents !== undefined && cob.valor.original !== asked.amountCents) {
    throw differs("valor.original", centsToValor(cob.valor.original), centsToValor(asked.amountCents));
  }
  if (cob.chave !== asked.chave) throw differs("chave", cob.chave, asked.chave);
  return cob;
}

/** The charge's BR Code; a PSP that answers without one has not issued a payable charge. */
export function toPixCharge(cob: CobAnswer): PixCharge {
  if (!cob.pixCopiaECola) {
    throw new AppError(
      "provider_error",
      `the PSP's charge ${cob.txid} has no pixCopiaECola (BR Code) to show the customer`,
    );
  }
  return {
    amountCents: cob.valor.original,
    qrCodeText: cob.pixCopiaECola,
    location: cob.loc?.location ?? cob.location ?? null,
  };
}

export function toChargeState(cob: CobAnswer): PixChargeState {
  switch (cob.status) {
    case "ATIVA":
      return { status: "active", charge: toPixCharge(cob) };
    case "CONCLUIDA":
      // The Pix of a charge are its payments even when the PSP leaves their txid out.
      return {
        status: "paid",
        charge: toPixCharge(cob),
        payments: (cob.pix ?? []).map((pix) => toReceivedPix({ ...pix, txid: pix.txid ?? cob.txid })),
      };
    case "REMOVIDA_PELO_USUARIO_RECEBEDOR":
    case "REMOVIDA_PELO_PSP":
      // Removed by the receiver or by the PSP (which includes expiry at some PSPs): it cannot be paid.
      return { status: "closed", charge: cob.pixCopiaECola ? toPixCharge(cob) : null };
    default:
      // A status this adapter does not know decides nothing: the charge is asked about again
      // until it is one it knows, and meanwhile ends only by the deposit's own expiry.
      log.warn("unknown charge status from the PSP; read as active", {
        txid: cob.txid,
        status: cob.status.slice(0, 40),
      });
      return { status: "active", charge: toPixCharge(cob) };
  }
}

export function toReceivedPix(pix: PixAnswer): ReceivedPix {
  return {
    endToEndId: pix.endToEndId,
    txid: pix.txid ?? null,
    amountCents: pix.valor,
    paidAt: pix.horario,
    refunds: (pix.devolucoes ?? []).map(toProviderRefund),
  };
}

const refundNatures = {
  ORIGINAL: "original",
  RETIRADA: "withdrawal",
  MED_FRAUDE: "med_fraud",
  MED_OPERACIONAL: "med_operational",
} as const;

function toRefundNature(natureza: string | undefined): ProviderRefundNature {
  // Own keys only: a natureza such as "constructor" is unknown, not a property of every object.
  return natureza !== undefined && Object.hasOwn(refundNatures, natureza)
    ? refundNatures[natureza as keyof typeof refundNatures]
    : null;
}

const refundStatuses: Record<string, ProviderRefundStatus> = {
  EM_PROCESSAMENTO: "pending",
  DEVOLVIDO: "completed",
  NAO_REALIZADO: "failed",
};

export function toProviderRefund(devolucao: DevolucaoAnswer): ProviderRefund {
  // A status this adapter does not know is not final: the refund stays pending and is asked about again.
  const status = Object.hasOwn(refundStatuses, devolucao.status) ? refundStatuses[devolucao.status] : "pending";
  return {
    refundId: fromDevolucaoId(devolucao.id),
    status,
    amountCents: devolucao.valor,
    providerRefundId: devolucao.rtrId ?? null,
    failureReason:
      status === "failed" ? (devolucao.motivo ?? "the PSP did not carry out the refund (NAO_REALIZADO)") : null,
    nature: toRefundNature(devolucao.natureza),
  };
}

export function toDevolucaoRequest(amountCents: bigint, description: string | undefined): DevolucaoRequest {
  return { valor: centsToValor(amountCents), ...(description ? { descricao: description.slice(0, 140) } : {}) };
}

// The gateway's refund ids are rfd_ and 20 letters and digits; a devolucao id allows only letters
// and digits (at most 35). Dropping the underscore keeps it unique, and reading it back restores
// it, so a Pix's refunds listed by the PSP name the gateway's own ids.
// Refunds (rfd_) and returns of unmatched Pix (ret_) are both devolucoes at the PSP.
const GATEWAY_ID = /^(rfd|ret)_([a-z0-9]{20})$/;
const DEVOLUCAO_OF_GATEWAY_ID = /^(rfd|ret)([a-z0-9]{20})$/;

export function toDevolucaoId(refundId: string): string {
  const id = refundId.replace(GATEWAY_ID, "$1$2");
  if (!devolucaoIdSchema.safeParse(id).success) {
    throw new AppError(
      "internal_error",
      `refund id ${refundId} cannot be an API Pix devolucao id (1 to 35 letters and digits)`,
    );
  }
  return id;
}

export function fromDevolucaoId(id: string): string {
  return id.replace(DEVOLUCAO_OF_GATEWAY_ID, "$1_$2");
}
