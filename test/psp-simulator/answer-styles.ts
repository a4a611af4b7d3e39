// The ways real PSPs' answers stray from the API Pix document while meaning the same thing, so
// tests can show the gateway still reads them: valor as "10.5" or the number 10.5, null for an
// absent field, horario without its zone, a listing's Pix without txid, a paid charge without its
// pix[]. The simulator builds every answer by the document first; a style rewrites only the JSON
// it sends.

export type AnswerStyle = {
  /** "short": "10.5" and "10" instead of "10.50" and "10.00"; "number": the JSON number 10.5. */
  valor?: "short" | "number";
  /** Optional fields the answer leaves out are written as null, beside a field of the PSP's own. */
  nulls?: boolean;
  /** Every horario and criacao in Brasília time without its zone offset ("2026-11-22T17:03:00.000"). */
  horarioWithoutZone?: boolean;
  /** The Pix of GET /pix pages have "txid": null. */
  txidNullInListing?: boolean;
  /** A CONCLUIDA charge is answered without its pix[] (the document allows it). */
  cobWithoutPix?: boolean;
};

type Json = Record<string, unknown>;

const BRASILIA_OFFSET_MS = 3 * 3600_000;

function styleValor(style: AnswerStyle, valor: unknown): unknown {
  if (typeof valor !== "string") return valor;
  if (style.valor === "short") return valor.replace(/\.?0+$/, "");
  if (style.valor === "number") return Number(valor);
  return valor;
}

function styleHorario(style: AnswerStyle, horario: unknown): unknown {
  if (!style.horarioWithoutZone || typeof horario !== "string") return horario;
  return new Date(Date.parse(horario) - BRASILIA_OFFSET_MS).toISOString().slice(0, -1);
}

function fillNulls(style: AnswerStyle, object: Json, optional: string[]): void {
  if (!style.nulls) return;
  for (const field of optional) object[field] ??= null;
  object.campoDoPsp = "um campo que o documento não define";
}

function styleDevolucao(style: AnswerStyle, devolucao: Json): void {
  devolucao.valor = styleValor(style, devolucao.valor);
  const horario = devolucao.horario as Json | undefined;
  if (horario) {
    for (const field of ["solicitacao", "liquidacao"])
      if (field in horario) horario[field] = styleHorario(style, horario[field]);
    fillNulls(style, horario, ["liquidacao"]);
  }
  fillNulls(style, devolucao, ["natureza", "descricao", "motivo"]);
}

function stylePix(style: AnswerStyle, pix: Json): void {
  pix.valor = styleValor(style, pix.valor);
  pix.horario = styleHorario(style, pix.horario);
  for (const devolucao of (pix.devolucoes as Json[] | undefined) ?? []) styleDevolucao(style, devolucao);
  fillNulls(style, pix, ["chave", "infoPagador", "devolucoes"]);
}

function styleCob(style: AnswerStyle, cob: Json): void {
  if (style.cobWithoutPix && cob.status === "CONCLUIDA") delete cob.pix;
  (cob.valor as Json).original = styleValor(style, (cob.valor as Json).original);
  const calendario = cob.calendario as Json;
  calendario.criacao = styleHorario(style, calendario.criacao);
  const loc = cob.loc as Json | undefined;
  if (loc?.criacao) loc.criacao = styleHorario(style, loc.criacao);
  for (const pix of (cob.pix as Json[] | undefined) ?? []) stylePix(style, pix);
  fillNulls(style, cob, ["devedor", "solicitacaoPagador", "pix"]);
}

/** The webhook's {"pix": [...]} under the style: a new body. */
export function styleNotification(style: AnswerStyle, body: { pix: unknown[] }): unknown {
  const styled = structuredClone(body) as { pix: Json[] };
  for (const pix of styled.pix) stylePix(style, pix);
  return styled;
}

/** The answer to a call of `path` (relative to the API base) under the style: a new body. */
export function styleAnswer(style: AnswerStyle, path: string, body: unknown): unknown {
  if (!body || typeof body !== "object") return body;
  const styled = structuredClone(body) as Json;
  if (/^\/cob\/[^/]+$/.test(path)) {
    styleCob(style, styled);
  } else if (path === "/pix") {
    for (const pix of styled.pix as Json[]) {
      stylePix(style, pix);
      if (style.txidNullInListing) pix.txid = null;
    }
  } else if (/^\/pix\/[^/]+$/.test(path)) {
    stylePix(style, styled);
  } else if (/^\/pix\/[^/]+\/devolucao\/[^/]+$/.test(path)) {
    styleDevolucao(style, styled);
  }
  return styled;
}
