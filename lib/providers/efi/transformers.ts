// Between the gateway's payouts and Efí's Pix send: the idEnvio a transfer id becomes, the body of
// PUT /v3/gn/pix/{idEnvio}, and what Efí's answers and refusals mean for a payout.
import { formatAmountDot } from "../../money/format-amount";
import type { ProviderTransfer, TransferRequest } from "../contract/payment-provider";
import type { EfiError, SentPixAnswer } from "./schemas";

// Transfer ids are po_ and 20 letters and digits (lib/ids/new-id); Efí's idEnvio takes letters and
// digits only. The underscore is dropped, and put back after the known prefix: po_abc ⇄ poabc.
const TRANSFER_PREFIX = "po";
const TRANSFER_ID = new RegExp(`^${TRANSFER_PREFIX}_([a-zA-Z0-9]{1,33})$`);
const ID_ENVIO = new RegExp(`^${TRANSFER_PREFIX}([a-zA-Z0-9]{1,33})$`);

/** The idEnvio of a transfer id, or null when it cannot be one (not po_ and letters and digits). */
export function toIdEnvio(transferId: string): string | null {
  const match = TRANSFER_ID.exec(transferId);
  return match ? `${TRANSFER_PREFIX}${match[1]}` : null;
}

/** The transfer id an idEnvio was made from, or null for one the gateway never made. */
export function fromIdEnvio(idEnvio: string): string | null {
  const match = ID_ENVIO.exec(idEnvio);
  return match ? `${TRANSFER_PREFIX}_${match[1]}` : null;
}

/** Caixa Econômica Federal's ISPB: its account numbers begin with the operation code. */
const CAIXA_ISPB = "00360305";

/**
 * An account number as the gateway stores it ("00012345-5", "0012345-X", "123455") as Efí takes
 * it (conta: "com o dígito verificador, sem traço", ^[0-9]+): digits and the check digit, a letter
 * digit written 0 as the Pix directory (DICT) writes it, no leading zeros; a Caixa account keeps
 * its operation code whole ("00100012345-9" is "001000123459"), as Caixa's numbers appear in the
 * DICT (docs/decisions.md).
 */
export function toEfiConta(account: string, ispb: string): string | null {
  const compact = account.replace(/-/g, "").toUpperCase();
  if (!/^[0-9]{1,19}[0-9X]$/.test(compact)) return null;
  const digits = compact.replace(/X$/, "0");
  return ispb === CAIXA_ISPB ? digits : digits.replace(/^0+(?=.{2})/, "");
}

/** A branch's digits without leading zeros (Efí writes agencia "1"), or null when it is not digits. */
export function toEfiAgencia(branch: string): string | null {
  if (!/^[0-9]{1,5}$/.test(branch)) return null;
  return branch.replace(/^0+(?=.)/, "");
}

export type PixSendBody = {
  valor: string;
  pagador: { chave: string; infoPagador?: string };
  favorecido:
    | { chave: string }
    | {
        contaBanco: {
          nome: string;
          cpf: string;
          codigoBanco: string;
          agencia: string;
          conta: string;
          tipoConta: "cacc" | "svgs";
        };
      };
};

/** The body of PUT /v3/gn/pix/{idEnvio}, or why the payout cannot be sent at all (no call made). */
export function toPixSendBody(request: TransferRequest, chave: string): { body: PixSendBody } | { refusal: string } {
  const pagador = {
    chave,
    // infoPagador is shown to the receiver; Efí takes up to 140 characters.
    ...(request.description ? { infoPagador: request.description.slice(0, 140) } : {}),
  };
  const valor = formatAmountDot(request.amountCents);
  const destination = request.destination;
  if (destination.kind === "pix_key") return { body: { valor, pagador, favorecido: { chave: destination.pixKey } } };
  if (!destination.holderName || !destination.holderCpf)
    return {
      refusal:
        "Para enviar a uma conta bancária a Efí exige o nome e o CPF do titular; o pedido não os trouxe. " +
        "(A bank account payout needs the holder's name and CPF, and the request had none.)",
    };
  const cpf = destination.holderCpf.replace(/\D/g, "");
  const agencia = toEfiAgencia(destination.branch);
  const conta = toEfiConta(destination.account, destination.ispb);
  if (cpf.length !== 11 || !agencia || !conta || !/^[0-9]{8}$/.test(destination.ispb))
    return {
      refusal:
        "Os dados da conta de destino não estão no formato que a Efí aceita (ISPB, agência, conta ou CPF). " +
        "(The destination account's ISPB, branch, account or CPF is not in a form Efí takes.)",
    };
  return {
    body: {
      valor,
      pagador,
      favorecido: {
        contaBanco: {
          nome: destination.holderName.slice(0, 200),
          cpf,
          codigoBanco: destination.ispb,
          agencia,
          conta,
          tipoConta: destination.accountType === "S" ? "svgs" : "cacc",
        },
      },
    },
  };
}

const STATUSES = { EM_PROCESSAMENTO: "processing", REALIZADO: "completed", NAO_REALIZADO: "failed" } as const;

/** A send as Efí holds it, in the gateway's terms. */
export function toProviderTransfer(transferId: string, sent: SentPixAnswer): ProviderTransfer {
  const status = STATUSES[sent.status];
  return {
    transferId,
    status,
    amountCents: sent.valor,
    endToEndId: sent.endToEndId,
    failureReason:
      status === "failed"
        ? `A Efí não realizou o Pix${sent.reason ? `: ${sent.reason}` : ""}. (Efí did not carry the Pix out.)`
        : null,
  };
}

/** A refusal of the send in words a merchant can act on: Efí's own message and its name. */
export function describeRefusal(status: number, error: EfiError | null): string {
  if (!error) return `A Efí recusou o envio (HTTP ${status}). (Efí refused the Pix send.)`;
  const said = error.mensagem ? `${error.mensagem.slice(0, 200)} ` : "";
  return `A Efí recusou o envio: ${said}[${error.nome.slice(0, 60)}]. (Efí refused the Pix send.)`;
}
