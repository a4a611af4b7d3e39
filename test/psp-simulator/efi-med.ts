// Efí's MED infractions, for the PSP simulator under the efi profile: a payer's infraction notice
// (the Central Bank's special return mechanism) against a Pix the account received, listed by
// GET /v2/gn/infracoes and answered by POST /v2/gn/infracoes/:idInfracao/defesa, in the shapes
// the SDK types (efi-sdk/efi-sdk-facts.ts). Efí's pages name none of these routes' refusals, so
// they are API Pix problems ({type, title, status, detail}), as Efí's other API Pix errors are,
// in the simulator's wording.
import { randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import {
  medDefenseBodySchema,
  medInfractionSchema,
  medListResponseSchema,
  type medSituationSchema,
  type medStatusSchema,
} from "./efi-sdk/efi-sdk-facts";

export type MedInfraction = z.infer<typeof medInfractionSchema>;
export type MedStatus = z.infer<typeof medStatusSchema>;
export type MedSituation = z.infer<typeof medSituationSchema>;

/** How Efí's analysis ends an infraction. */
export type MedClosing = Extract<MedStatus, "ACEITA" | "REJEITADA" | "CANCELADA_EFI">;

/** Every POST /v2/gn/infracoes/:idInfracao/defesa received, whatever its answer. */
export type DefenseRequest = { idInfracao: string; body: unknown; status: number };

/** A refusal in the API Pix's problem shape. */
export type MedRefusal = { status: number; title: string; detail: string };

/** A received Pix, as far as an infraction needs it. */
export type MedPix = { endToEndId: string; valor: string; horario: string; chave?: string };

type Answer = { status: number; body?: unknown };

const ISO_DATE = z.iso.datetime({ offset: true });
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Central Bank's deadline for the receiving side's analysis. */
const ANALYSIS_DAYS = 7;

const problem = (status: number, type: string, title: string, detail: string): Answer => ({
  status,
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail },
});

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join("");

export function createEfiMed(deps: {
  /** The Pix the account received under this end-to-end id. */
  findPix(endToEndId: string): MedPix | undefined;
  /** Infractions per page when the listing names none. */
  pageSize: number;
}) {
  const infractions = new Map<string, MedInfraction>();
  const requests: DefenseRequest[] = [];
  const refusals: MedRefusal[] = [];

  function list(query: Record<string, string>): Answer {
    const page = Number(query["paginacao.paginaAtual"] ?? "0");
    const perPage = Number(query["paginacao.itensPorPagina"] ?? String(deps.pageSize));
    if (
      !ISO_DATE.safeParse(query.inicio).success ||
      !ISO_DATE.safeParse(query.fim).success ||
      !Number.isInteger(page) ||
      page < 0 ||
      !Number.isInteger(perPage) ||
      perPage < 1
    )
      return problem(
        400,
        "ConsultaInvalida",
        "Consulta inválida.",
        "inicio e fim são obrigatórios (RFC 3339); a paginação é inteira e positiva.",
      );
    const [inicio, fim] = [Date.parse(query.inicio), Date.parse(query.fim)];
    const inWindow = [...infractions.values()].filter((infraction) => {
      const at = Date.parse(infraction.criadoEm);
      return at >= inicio && at <= fim;
    });
    const body = medListResponseSchema.parse({
      parametros: {
        inicio: new Date(inicio).toISOString(),
        fim: new Date(fim).toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: Math.max(1, Math.ceil(inWindow.length / perPage)),
          quantidadeTotalDeItens: inWindow.length,
        },
      },
      infracoes: inWindow.slice(page * perPage, (page + 1) * perPage),
    });
    return { status: 200, body };
  }

  function defend(idInfracao: string, body: unknown): Answer {
    const parsed = medDefenseBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return problem(
        400,
        "DefesaInvalida",
        "Defesa inválida.",
        `Campo ${issue.path.join(".") || "corpo"} inválido: ${issue.message}`,
      );
    }
    const infraction = infractions.get(idInfracao);
    if (!infraction)
      return problem(404, "InfracaoNaoEncontrada", "Não Encontrado", `Infração ${idInfracao} não encontrada.`);
    if (infraction.status !== "ABERTA")
      return problem(
        400,
        "DefesaInvalida",
        "Defesa inválida.",
        `A infração ${idInfracao} está ${infraction.status} e não aceita mais defesa.`,
      );
    const refusal = refusals.shift();
    if (refusal) return problem(refusal.status, refusal.title.replace(/\W/g, ""), refusal.title, refusal.detail);
    const now = new Date().toISOString();
    infraction.status = "EM_DEFESA";
    infraction.defesa = parsed.data.justificativa;
    infraction.dadosAnalise.recebimentoDefesa = now;
    infraction.atualizadoEm = now;
    return { status: 204 };
  }

  return {
    /** The answer to a MED route (path from the host root), or null for another path. */
    route(method: string, path: string, query: Record<string, string>, body: unknown): Answer | null {
      if (path === "/v2/gn/infracoes" && method === "GET") return list(query);
      const match = /^\/v2\/gn\/infracoes\/([^/]+)\/defesa$/.exec(path);
      if (match && method === "POST") {
        const idInfracao = decodeURIComponent(match[1]);
        const answer = defend(idInfracao, body);
        requests.push({ idInfracao, body, status: answer.status });
        return answer;
      }
      return null;
    },
    /** A payer's PSP opens an infraction against a received Pix: ABERTA, awaiting the account's defense. */
    openInfraction(
      endToEndId: string,
      options: {
        valor?: string;
        tipoSituacao?: MedSituation;
        razao?: string;
        prazoFinalizacao?: Date;
        at?: Date;
      } = {},
    ): MedInfraction {
      const pix = deps.findPix(endToEndId);
      if (!pix) throw new Error(`no Pix ${endToEndId} was received`);
      const abertura = options.at ?? new Date();
      const infraction = medInfractionSchema.parse({
        idInfracao: randomUUID(),
        endToEndId,
        protocolo: `MED${digits(12)}`,
        dataTransacao: pix.horario,
        valor: options.valor ?? pix.valor,
        ...(pix.chave ? { chave: pix.chave } : {}),
        status: "ABERTA",
        razao: options.razao ?? "Pagador relata ter sido vítima de golpe",
        tipoSituacao: options.tipoSituacao ?? "golpe",
        identificadorTicket: [randomInt(1_000_000, 10_000_000)],
        dadosAnalise: {
          abertura: abertura.toISOString(),
          prazoFinalizacao: (
            options.prazoFinalizacao ?? new Date(abertura.getTime() + ANALYSIS_DAYS * DAY_MS)
          ).toISOString(),
        },
        origem: {
          nomeParticipante: "BANCO SIMULADO DO PAGADOR S.A.",
          conta: `${digits(6)}-${digits(1)}`,
          nome: "Pagador Simulado",
          documento: `***.${digits(3)}.${digits(3)}-**`,
        },
        destino: {
          nomeParticipante: "EFI S.A. - INSTITUICAO DE PAGAMENTO",
          conta: `${digits(6)}-${digits(1)}`,
          nome: "Cashier Pagamentos Ltda",
          documento: `**.${digits(3)}.${digits(3)}/0001-**`,
        },
        criadoEm: abertura.toISOString(),
        atualizadoEm: abertura.toISOString(),
      });
      infractions.set(infraction.idInfracao, infraction);
      return infraction;
    },
    /** Efí's analysis ends an infraction that is ABERTA or EM_DEFESA. */
    closeInfraction(idInfracao: string, status: MedClosing, justificativaAnalista?: string): MedInfraction {
      const infraction = infractions.get(idInfracao);
      if (!infraction) throw new Error(`no infraction ${idInfracao}`);
      if (infraction.status !== "ABERTA" && infraction.status !== "EM_DEFESA")
        throw new Error(`infraction ${idInfracao} is already ${infraction.status}`);
      const now = new Date().toISOString();
      infraction.status = status;
      if (justificativaAnalista) infraction.justificativaAnalista = justificativaAnalista;
      infraction.dadosAnalise.finalizacao = now;
      infraction.atualizadoEm = now;
      return infraction;
    },
    /** The infraction as Efí holds it. */
    infraction: (idInfracao: string): MedInfraction | undefined => infractions.get(idInfracao),
    /** Every infraction opened, oldest first. */
    infractions: (): MedInfraction[] => [...infractions.values()],
    /** Every POST /v2/gn/infracoes/:idInfracao/defesa received, oldest first. */
    defenses: (): DefenseRequest[] => [...requests],
    /** The next defenses that would be accepted are refused with these, in order, and change nothing. */
    refuseNextDefense(refusal: MedRefusal) {
      refusals.push(refusal);
    },
  };
}

export type EfiMed = ReturnType<typeof createEfiMed>;
