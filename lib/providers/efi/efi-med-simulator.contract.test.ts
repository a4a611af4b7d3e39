// The PSP simulator's MED infractions under the efi profile, called as the Efí adapter calls Efí
// (the gateway's own API Pix client: Efí's token, the client certificate), so the adapter's MED
// side can be tested against answers in the shapes Efí's SDK types.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { medListResponseSchema } from "../../../test/psp-simulator/efi-sdk/efi-sdk-facts";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import { type ApiPixClient, createApiPixClient } from "../api-pix/api-pix-client";

let psp: PspSimulator;
let client: ApiPixClient;

beforeAll(async () => {
  psp = await startPspSimulator({ profile: "efi", webhooksEnabled: false });
  client = createApiPixClient({ ...psp.settings, baseUrl: psp.origin }, "pa_efi");
});

afterAll(async () => {
  await psp.close();
});

const list = (query: Record<string, string>) => client.send({ method: "GET", path: "/v2/gn/infracoes", query });
const defend = (idInfracao: string, body: unknown) =>
  client.send({ method: "POST", path: `/v2/gn/infracoes/${idInfracao}/defesa`, body });
/** A listing's infractions, after checking the answer has the SDK's shape. */
async function listed(query: Record<string, string>) {
  const answer = await list(query);
  expect(answer.status).toBe(200);
  const parsed = medListResponseSchema.safeParse(answer.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data!;
}
const opened = async (at?: Date) =>
  psp.openInfraction((await psp.receiveUnmatched("50.00")).endToEndId, at ? { at } : {});
const DEFENSE = { analise: "rejeitado", justificativa: "O pagador recebeu a mercadoria." } as const;

describe("GET /v2/gn/infracoes", () => {
  it("lists an infraction inside its window, in the SDK's shape, and not outside it", async () => {
    const infraction = await opened(new Date("2026-01-10T12:00:00Z"));
    expect(infraction).toMatchObject({ status: "ABERTA", valor: "50.00", chave: psp.chave });
    expect(infraction.dadosAnalise.prazoFinalizacao).toBe("2026-01-17T12:00:00.000Z");

    const inside = await listed({ inicio: "2026-01-10T00:00:00Z", fim: "2026-01-11T00:00:00Z" });
    expect(inside.infracoes).toEqual([infraction]);
    expect(inside.parametros.paginacao).toEqual({
      paginaAtual: 0,
      itensPorPagina: 100,
      quantidadeDePaginas: 1,
      quantidadeTotalDeItens: 1,
    });
    const outside = await listed({ inicio: "2026-01-11T00:00:00Z", fim: "2026-01-12T00:00:00Z" });
    expect(outside.infracoes).toEqual([]);
  });

  it("pages one infraction at a time over three", async () => {
    const ids = [];
    for (const day of ["01", "02", "03"]) ids.push((await opened(new Date(`2026-02-${day}T12:00:00Z`))).idInfracao);
    const window = { inicio: "2026-02-01T00:00:00Z", fim: "2026-02-28T23:59:59Z", "paginacao.itensPorPagina": "1" };
    const pages = [];
    for (const page of [0, 1, 2]) pages.push(await listed({ ...window, "paginacao.paginaAtual": String(page) }));
    expect(pages.map((page) => page.parametros.paginacao.quantidadeDePaginas)).toEqual([3, 3, 3]);
    expect(pages.map((page) => page.infracoes.map((infraction) => infraction.idInfracao))).toEqual(
      ids.map((id) => [id]),
    );
  });

  it("refuses a listing without both dates with a problem", async () => {
    const answer = await list({ inicio: "2026-01-10T00:00:00Z" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ title: "Consulta inválida.", status: 400, detail: expect.any(String) });
  });

  it("fails as failNext says, as every other route does", async () => {
    psp.failNext({ kind: "status", status: 429 });
    const answer = await list({ inicio: "2026-01-10T00:00:00Z", fim: "2026-01-11T00:00:00Z" });
    expect(answer.status).toBe(429);
  });

  it("shows an infraction closed by Efí's analysis in the next listing", async () => {
    const infraction = await opened(new Date("2026-03-05T12:00:00Z"));
    psp.closeInfraction(infraction.idInfracao, "ACEITA", "Fraude confirmada");
    const { infracoes } = await listed({ inicio: "2026-03-05T00:00:00Z", fim: "2026-03-06T00:00:00Z" });
    expect(infracoes).toHaveLength(1);
    expect(infracoes[0]).toMatchObject({ status: "ACEITA", justificativaAnalista: "Fraude confirmada" });
    expect(infracoes[0].dadosAnalise.finalizacao).toEqual(expect.any(String));
  });
});

describe("POST /v2/gn/infracoes/:idInfracao/defesa", () => {
  it("moves an open infraction to EM_DEFESA with the justificativa, and records the call", async () => {
    const { idInfracao } = await opened();
    const answer = await defend(idInfracao, DEFENSE);
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect(psp.infraction(idInfracao)).toMatchObject({ status: "EM_DEFESA", defesa: DEFENSE.justificativa });
    expect(psp.infraction(idInfracao)?.dadosAnalise.recebimentoDefesa).toEqual(expect.any(String));
    expect(psp.defenses().at(-1)).toEqual({ idInfracao, body: DEFENSE, status: 204 });
  });

  it("refuses a second defense with 400", async () => {
    const { idInfracao } = await opened();
    await defend(idInfracao, DEFENSE);
    const again = await defend(idInfracao, DEFENSE);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 400, detail: expect.stringMatching(/não aceita mais defesa/) });
    expect(psp.defenses().filter((defense) => defense.idInfracao === idInfracao)).toHaveLength(2);
  });

  it("refuses an analise that is neither aceito nor rejeitado, and the infraction stays open", async () => {
    const { idInfracao } = await opened();
    const answer = await defend(idInfracao, { ...DEFENSE, analise: "talvez" });
    expect(answer.status).toBe(400);
    expect(psp.infraction(idInfracao)?.status).toBe("ABERTA");
    expect(psp.defenses().at(-1)).toMatchObject({ idInfracao, status: 400 });
  });

  it("answers 404 for an unknown infraction", async () => {
    expect((await defend("desconhecida", DEFENSE)).status).toBe(404);
  });

  it("refuses the next defense as told, changing nothing", async () => {
    const { idInfracao } = await opened();
    psp.refuseNextDefense({ status: 422, title: "Defesa recusada", detail: "Prazo de defesa encerrado." });
    const refused = await defend(idInfracao, DEFENSE);
    expect(refused).toMatchObject({ status: 422, body: { detail: "Prazo de defesa encerrado." } });
    expect(psp.infraction(idInfracao)?.status).toBe("ABERTA");
    expect((await defend(idInfracao, DEFENSE)).status).toBe(204);
  });
});

describe("openInfraction", () => {
  it("requires a received Pix", () => {
    expect(() => psp.openInfraction("E99999997202601011200abcdefghijk")).toThrow(/no Pix/);
  });
});
