// What Efí's official Node.js SDK says of the calls the gateway makes, copied so the contract test
// runs offline. Not code of ours to change: update it from a newer SDK, never to suit the adapter.
//
// Sources (MIT, Copyright (c) 2015 TJ Efí; the licence is ./LICENSE):
// - Routes: github.com/efipay/sdk-node-apis-efi at 2728b67 (1.2.28), src/lib/constants.js, PIX.ENDPOINTS;
//   the same in the npm package sdk-node-apis-efi@2.0.1, dist/esm/constants/endpoints.js.
// - Bodies and answers: sdk-node-apis-efi@2.0.1, dist/esm/types/pix.js (PixSend*, PixSendDetail*,
//   PixConfigWebhook*), transcribed to this repository's zod; 1.2.28's dist/types/methods/pix.d.ts
//   types the same fields (pixSend, pixSendDetailId, pixConfigWebhook).
import { z } from "zod";

/** The API Pix host's routes the gateway uses: method and path with :params, as the SDK names them. */
export const EFI_PIX_ROUTES = {
  authorize: { method: "POST", route: "/oauth/token" },
  pixCreateCharge: { method: "PUT", route: "/v2/cob/:txid" },
  pixDetailCharge: { method: "GET", route: "/v2/cob/:txid" },
  pixDetailReceived: { method: "GET", route: "/v2/pix/:e2eId" },
  pixReceivedList: { method: "GET", route: "/v2/pix" },
  pixSend: { method: "PUT", route: "/v3/gn/pix/:idEnvio" },
  pixSendDetail: { method: "GET", route: "/v2/gn/pix/enviados/:e2eid" },
  pixSendDetailId: { method: "GET", route: "/v2/gn/pix/enviados/id-envio/:idEnvio" },
  pixSendList: { method: "GET", route: "/v2/gn/pix/enviados" },
  pixDevolution: { method: "PUT", route: "/v2/pix/:e2eId/devolucao/:id" },
  pixDetailDevolution: { method: "GET", route: "/v2/pix/:e2eId/devolucao/:id" },
  pixConfigWebhook: { method: "PUT", route: "/v2/webhook/:chave" },
  pixDetailWebhook: { method: "GET", route: "/v2/webhook/:chave" },
  pixDeleteWebhook: { method: "DELETE", route: "/v2/webhook/:chave" },
} as const;

export type EfiRouteName = keyof typeof EFI_PIX_ROUTES;

/** The SDK route a request matches (path without the query), with its params; null for none. */
export function matchEfiRoute(
  method: string,
  path: string,
): { name: EfiRouteName; params: Record<string, string> } | null {
  for (const [name, { method: routeMethod, route }] of Object.entries(EFI_PIX_ROUTES)) {
    if (routeMethod !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = route.replace(/:(\w+)/g, (_all, param: string) => {
      names.push(param);
      return "([^/]+)";
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (match)
      return {
        name: name as EfiRouteName,
        params: Object.fromEntries(names.map((param, index) => [param, decodeURIComponent(match[index + 1])])),
      };
  }
  return null;
}

// PixSendParamsSchema / PixSendBodySchema (2.0.1): favorecido is a key (with the owner's cpf or
// cnpj to check, optionally) or a bank account with its holder's name and cpf or cnpj.
const contaBancoFields = {
  nome: z.string(),
  codigoBanco: z.string(),
  agencia: z.string(),
  conta: z.string(),
  tipoConta: z.enum(["cacc", "svgs"]),
};

export const pixSendParamsSchema = z.object({ idEnvio: z.string() }).strict();

export const pixSendBodySchema = z.object({
  valor: z.string(),
  pagador: z.object({ chave: z.string(), infoPagador: z.string().optional() }).strict(),
  favorecido: z.union([
    z.object({ chave: z.string(), cpf: z.string().optional() }).strict(),
    z.object({ chave: z.string(), cnpj: z.string().optional() }).strict(),
    z.object({ contaBanco: z.object({ ...contaBancoFields, cpf: z.string() }) }).strict(),
    z.object({ contaBanco: z.object({ ...contaBancoFields, cnpj: z.string() }) }).strict(),
  ]),
});

// PixSendResponseSchema (2.0.1) names the end-to-end id endToEndId; 1.2.28's pixSend type and
// Efí's documentation page name it e2eId. An answer is checked against either.
export const pixSendResponseSchema = z
  .object({
    idEnvio: z.string(),
    valor: z.string(),
    horario: z.object({ solicitacao: z.string() }),
    status: z.literal("EM_PROCESSAMENTO"),
  })
  .and(z.union([z.object({ endToEndId: z.string() }), z.object({ e2eId: z.string() })]));

export const statusPixSendSchema = z.enum(["EM_PROCESSAMENTO", "REALIZADO", "NAO_REALIZADO"]);

// PixSendDetailResponseSchema (2.0.1), which PixSendDetailIdResponseSchema is.
export const pixSendDetailResponseSchema = z
  .object({
    endToEndId: z.string(),
    idEnvio: z.string(),
    valor: z.string(),
    chave: z.string(),
    status: statusPixSendSchema,
    infoPagador: z.string().optional(),
    horario: z.object({ solicitacao: z.string(), liquidacao: z.string().optional() }),
    favorecido: z.union([
      z.object({ chave: z.string() }).strict(),
      z
        .object({
          contaBanco: z.object({
            nome: z.string(),
            cpf: z.string(),
            agencia: z.string(),
            conta: z.string(),
            tipoConta: z.enum(["cacc", "svgs"]),
          }),
        })
        .strict(),
    ]),
  })
  .loose();

// PixConfigWebhookParamsSchema / PixConfigWebhookBodySchema (2.0.1).
export const pixConfigWebhookParamsSchema = z.object({ chave: z.string() }).strict();
export const pixConfigWebhookBodySchema = z.object({ webhookUrl: z.url() }).strict();
