// The Efí adapter's disputes against the PSP simulator's MED infractions (test/psp-simulator/efi-med.ts):
// every page listed, read strictly where money is decided, the defense in Efí's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PspSimulator, startPspSimulator } from "../../../test/psp-simulator/start-psp-simulator";
import { createApiPixProvider } from "../api-pix/create-api-pix-provider";
import type { DisputeCapability } from "../contract/payment-provider";
import { createEfiProvider } from "./create-efi-provider";

let psp: PspSimulator;
let disputes: DisputeCapability;

beforeAll(async () => {
  psp = await startPspSimulator({ profile: "efi", webhooksEnabled: false, pageSize: 2 });
  const account = {
    id: "pa_efi",
    kind: "efi",
    label: "Efí",
    rails: ["charges" as const],
    pixKey: psp.chave,
    settings: { ...psp.settings, baseUrl: psp.origin, timeoutMs: 1500 },
    disabledAt: null,
    initiation: null,
  };
  disputes = createEfiProvider(account).disputes as DisputeCapability;
});

afterAll(async () => {
  await psp.close();
});

const at = new Date("2026-03-02T12:00:00Z");
const window = { from: new Date("2026-03-02T00:00:00Z"), to: new Date("2026-03-03T00:00:00Z") };
const opened = async (options: Parameters<PspSimulator["openInfraction"]>[1] = {}) =>
  psp.openInfraction((await psp.receiveUnmatched("50.00")).endToEndId, { at, ...options });

describe("Efí's MED infractions, as the adapter reads them", () => {
  it("lists every page of a window, each infraction in the gateway's terms", async () => {
    const first = await opened({ tipoSituacao: "aquisição da conta", razao: "Conta invadida" });
    const others = [await opened({ valor: "12.34" }), await opened({ tipoSituacao: "outro" })];
    const { disputes: listed, unreadable } = await disputes.listDisputes(window);
    expect(unreadable).toEqual([]);
    expect(listed.map((dispute) => dispute.providerDisputeId).sort()).toEqual(
      [first, ...others].map((infraction) => infraction.idInfracao).sort(),
    );
    expect(listed.find((dispute) => dispute.providerDisputeId === first.idInfracao)).toEqual({
      providerDisputeId: first.idInfracao,
      endToEndId: first.endToEndId,
      amountCents: 5000n,
      status: "open",
      pspStatus: "ABERTA",
      reasonCode: "account_takeover",
      reason: "Conta invadida",
      openedAt: at,
      respondBy: new Date(first.dadosAnalise.prazoFinalizacao),
    });
    expect(listed.find((dispute) => dispute.providerDisputeId === others[0].idInfracao)?.amountCents).toBe(1234n);
  });

  it("answers an infraction whose amount cannot be read apart, by its ids, and reads the others", async () => {
    const unreadable = await opened({ at: new Date("2026-04-01T12:00:00Z") });
    const readable = await opened({ at: new Date("2026-04-01T13:00:00Z") });
    const stored = psp.infraction(unreadable.idInfracao);
    if (stored) stored.valor = "cinquenta";
    const listed = await disputes.listDisputes({
      from: new Date("2026-04-01T00:00:00Z"),
      to: new Date("2026-04-02T00:00:00Z"),
    });
    expect(listed.disputes.map((dispute) => dispute.providerDisputeId)).toEqual([readable.idInfracao]);
    expect(listed.unreadable).toEqual([
      {
        providerDisputeId: unreadable.idInfracao,
        endToEndId: unreadable.endToEndId,
        problem: expect.stringMatching(/^valor: /),
      },
    ]);
  });

  it("sends a contest as rejeitado, an acceptance as aceito, and reads the status after", async () => {
    const contested = await opened();
    expect(
      await disputes.submitDefense({
        providerDisputeId: contested.idInfracao,
        openedAt: at,
        decision: "contest",
        justification: "Entregue ao pagador.",
      }),
    ).toEqual({ status: "answered", pspStatus: "EM_DEFESA" });
    const accepted = await opened();
    await disputes.submitDefense({
      providerDisputeId: accepted.idInfracao,
      openedAt: at,
      decision: "accept",
      justification: "Devolver.",
    });
    expect(psp.defenses().slice(-2)).toEqual([
      {
        idInfracao: contested.idInfracao,
        body: { analise: "rejeitado", justificativa: "Entregue ao pagador." },
        status: 204,
      },
      { idInfracao: accepted.idInfracao, body: { analise: "aceito", justificativa: "Devolver." }, status: 204 },
    ]);
    expect(await disputes.findDispute({ providerDisputeId: contested.idInfracao, openedAt: at })).toMatchObject({
      status: "answered",
    });
  });

  it("throws Efí's refusal of a defense as provider_error, and a second defense is refused", async () => {
    const infraction = await opened();
    const answer = {
      providerDisputeId: infraction.idInfracao,
      openedAt: at,
      decision: "contest" as const,
      justification: "x",
    };
    psp.refuseNextDefense({ status: 400, title: "Defesa inválida", detail: "justificativa insuficiente" });
    await expect(disputes.submitDefense(answer)).rejects.toMatchObject({ code: "provider_error" });
    await disputes.submitDefense(answer);
    await expect(disputes.submitDefense(answer)).rejects.toMatchObject({ code: "provider_error" });
  });

  it("is not offered by a plain API Pix account: the Central Bank's API Pix has no infractions", () => {
    const apiPix = createApiPixProvider({
      id: "pa_api_pix",
      kind: "api_pix",
      label: "API Pix",
      rails: ["charges"],
      pixKey: psp.chave,
      settings: { ...psp.settings, baseUrl: psp.url },
      disabledAt: null,
      initiation: null,
    });
    expect(apiPix.disputes).toBeUndefined();
  });
});
