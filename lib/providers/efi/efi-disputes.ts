// Efí's MED infractions (the Central Bank's special return mechanism): the infraction notices a
// payer's bank opened against Pix this account received, and the account holder's defense.
//
// Sources (read 2026-11-29): github.com/efipay/sdk-node-apis-efi at 2728b67 (1.2.28),
// src/lib/constants.js (medList GET /v2/gn/infracoes, medDefense POST
// /v2/gn/infracoes/:idInfracao/defesa) and dist/types/methods/pix.d.ts (the list's inicio, fim,
// parametros.paginacao and infracoes[]: idInfracao, endToEndId, valor, status ABERTA | EM_DEFESA |
// ACEITA | REJEITADA | CANCELADA_EFI, razao, tipoSituacao, dadosAnalise.abertura and
// prazoFinalizacao; the defense's {analise: "aceito" | "rejeitado", justificativa}, answering
// nothing). Copied for the offline contract test into test/psp-simulator/efi-sdk/. The listing's
// pages are asked as the API Pix's are (paginacao.paginaAtual from 0).
import { log } from "../../log/logger";
import { AppError } from "../../errors/app-error";
import type { ApiPixAnswer, ApiPixClient } from "../api-pix/api-pix-client";
import type {
  DisputeCapability,
  DisputeReasonCode,
  ProviderDispute,
  ProviderDisputeStatus,
  UnreadableDispute,
} from "../contract/payment-provider";
import {
  type Infraction,
  efiErrorSchema,
  endToEndIdSchema,
  infractionIdSchema,
  infractionListSchema,
  infractionSchema,
} from "./schemas";

const STATUSES: Record<Infraction["status"], ProviderDisputeStatus> = {
  ABERTA: "open",
  EM_DEFESA: "answered",
  ACEITA: "accepted",
  REJEITADA: "rejected",
  CANCELADA_EFI: "canceled",
};

const REASONS: Record<string, DisputeReasonCode> = {
  golpe: "scam",
  "aquisição da conta": "account_takeover",
  coerção: "coercion",
  "acesso fraudulento": "fraudulent_access",
  outro: "other",
};

// "Read one" has no route of its own: the infraction is found in a listing around its opening.
const FIND_MARGIN_MS = 24 * 3600_000;

/** An id of an item that did not read, only as far as it reads itself, for the operator's alert. */
function idOf(item: unknown, field: "idInfracao" | "endToEndId"): string | null {
  const value = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[field] : undefined;
  const read = (field === "idInfracao" ? infractionIdSchema : endToEndIdSchema).safeParse(value);
  return read.success ? read.data : null;
}

function toProviderDispute(infraction: Infraction): ProviderDispute {
  // infractionSchema refuses an infraction that says neither.
  const openedAt = (infraction.dadosAnalise.abertura ?? infraction.criadoEm) as Date;
  return {
    providerDisputeId: infraction.idInfracao,
    endToEndId: infraction.endToEndId,
    amountCents: infraction.valor,
    status: STATUSES[infraction.status],
    pspStatus: infraction.status,
    reasonCode: REASONS[infraction.tipoSituacao?.normalize("NFC").toLowerCase() ?? ""] ?? "unknown",
    reason: infraction.razao ?? null,
    openedAt,
    respondBy: infraction.dadosAnalise.prazoFinalizacao,
  };
}

export function createEfiDisputes(client: ApiPixClient, accountId: string): DisputeCapability {
  /** Efí's own refusal ({nome, mensagem}) in its words, else the API Pix's problem. */
  function refusal(answer: ApiPixAnswer): AppError {
    const refused = efiErrorSchema.safeParse(answer.body);
    if (!refused.success) return client.refusal(answer);
    const said = refused.data.mensagem ? `${refused.data.mensagem.slice(0, 200)} ` : "";
    return new AppError(
      "provider_error",
      `Efí answered ${answer.status} to ${answer.operation}: ${said}[${refused.data.nome.slice(0, 60)}]`,
    );
  }

  async function listDisputes(window: { from: Date; to: Date }) {
    const disputes: ProviderDispute[] = [];
    const unreadable: UnreadableDispute[] = [];
    for (let page = 0, pages = 1; page < pages; page++) {
      const answer = await client.send({
        method: "GET",
        path: "/v2/gn/infracoes",
        query: {
          inicio: window.from.toISOString(),
          fim: window.to.toISOString(),
          "paginacao.paginaAtual": String(page),
        },
      });
      if (answer.status >= 400) throw refusal(answer);
      const list = client.read(answer, infractionListSchema);
      for (const item of list.infracoes) {
        const read = infractionSchema.safeParse(item);
        if (read.success) disputes.push(toProviderDispute(read.data));
        else
          // Its money cannot be decided from what Efí said: the operator looks, the others go on.
          unreadable.push({
            providerDisputeId: idOf(item, "idInfracao"),
            endToEndId: idOf(item, "endToEndId"),
            problem: read.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
          });
      }
      pages = list.parametros.paginacao.quantidadeDePaginas;
    }
    return { disputes, unreadable };
  }

  async function findDispute(request: { providerDisputeId: string; openedAt: Date }): Promise<ProviderDispute | null> {
    const around = request.openedAt.getTime();
    const listed = await listDisputes({
      from: new Date(around - FIND_MARGIN_MS),
      to: new Date(around + FIND_MARGIN_MS),
    });
    return listed.disputes.find((dispute) => dispute.providerDisputeId === request.providerDisputeId) ?? null;
  }

  return {
    listDisputes,
    findDispute,
    async submitDefense(request) {
      const answer = await client.send({
        method: "POST",
        path: `/v2/gn/infracoes/${encodeURIComponent(request.providerDisputeId)}/defesa`,
        body: {
          analise: request.decision === "accept" ? "aceito" : "rejeitado",
          justificativa: request.justification,
        },
      });
      if (answer.status >= 300) throw refusal(answer);
      // Efí answers nothing: its listing says where the infraction stands now.
      const found = await findDispute(request).catch((error: unknown) => {
        log.warn("the infraction was not found again after its defense; reconciliation reads it", {
          account: accountId,
          error: error instanceof Error ? error.message : String(error),
        });
        return null;
      });
      // A listing that lags behind the defense it just took still says open: it is answered.
      return found && found.status !== "open"
        ? { status: found.status, pspStatus: found.pspStatus }
        : { status: "answered", pspStatus: "EM_DEFESA" };
    },
  };
}
