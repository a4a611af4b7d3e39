// npx tsx test/psp-simulator/main.ts [--profile NAME] [port]: a PSP simulator for a local gateway.
// It prints the environment to give the gateway, then a line per request; type `pay <txid>` to pay
// a charge. With --profile it requires that PSP's token and call authentication (bb, inter, …);
// --profile efi also serves Efí's Pix send (PUT /v3/gn/pix/:idEnvio) with its homologation outcomes,
// its MED infractions (GET /v2/gn/infracoes, opened and closed from here), and its Open Finance API
// under /v1 with a simulated bank page to approve or refuse each payment.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { PSP_PROFILE_NAMES, type PspProfileName } from "../../lib/providers/api-pix/psp-profiles";
import type { MedClosing } from "./efi-med";
import { startPspSimulator } from "./start-psp-simulator";

const { values, positionals } = parseArgs({
  options: { profile: { type: "string", default: "generic" } },
  allowPositionals: true,
});
if (!PSP_PROFILE_NAMES.includes(values.profile as PspProfileName)) {
  console.error(`--profile: one of ${PSP_PROFILE_NAMES.join(", ")}`);
  process.exit(2);
}
const simulator = await startPspSimulator({
  port: Number(positionals[0] ?? 0),
  clientSecret: process.env.PIX_PSP_CLIENT_SECRET,
  profile: values.profile as PspProfileName,
});
console.log(
  `PSP simulator (API Pix, ${simulator.profile} profile) at ${simulator.url}\n\n# for the gateway's .env.local:`,
);
for (const [name, value] of Object.entries(simulator.env)) console.log(`${name}=${value}`);
if (simulator.profile === "efi") {
  console.log(`# an Efí provider account's base URL (API Pix under /v2, Pix send under /v3): ${simulator.origin}`);
  console.log(`# its Open Finance base URL (initiation.baseUrl): ${simulator.openFinanceUrl}`);
  console.log(`# the simulated banks' pages (each payment's redirectURI): ${simulator.bankUrl}/autorizar/…`);
}
console.log(
  "\nCommands: pay <txid> [amount], refunds later|DEVOLVIDO|NAO_REALIZADO, complete <e2eid> <refund id> DEVOLVIDO|NAO_REALIZADO, webhooks on|off, quit",
);
if (simulator.profile === "efi")
  console.log(
    "Efí's Pix send: sends later|homologation, complete-send <idEnvio> [REALIZADO|NAO_REALIZADO], refuse-send <status> <nome> <mensagem…>\n" +
      "Efí's MED: infraction <e2eid> [valor], close-infraction <idInfracao> ACEITA|REJEITADA|CANCELADA_EFI\n" +
      "Efí's Open Finance: approve <identificadorPagamento>, reject <identificadorPagamento>, expire <identificadorPagamento>",
  );

let seen = 0;
setInterval(() => {
  for (const exchange of simulator.exchanges.slice(seen)) {
    console.log(
      `${exchange.method} ${exchange.path}${Object.keys(exchange.query).length ? `?${new URLSearchParams(exchange.query)}` : ""} → ${exchange.status}`,
    );
  }
  seen = simulator.exchanges.length;
}, 200).unref();

const MED_CLOSINGS: MedClosing[] = ["ACEITA", "REJEITADA", "CANCELADA_EFI"];

const commands: Record<string, (args: string[]) => Promise<unknown> | unknown> = {
  pay: ([txid, amount]) => simulator.pay(txid, { amount }),
  refunds: ([outcome]) =>
    simulator.setRefundOutcome(
      outcome === "later" ? "later" : { status: outcome === "NAO_REALIZADO" ? "NAO_REALIZADO" : "DEVOLVIDO" },
    ),
  complete: ([endToEndId, id, outcome]) =>
    simulator.completeRefund(endToEndId, id, outcome === "NAO_REALIZADO" ? "NAO_REALIZADO" : "DEVOLVIDO"),
  webhooks: ([state]) => simulator.setWebhooksEnabled(state !== "off"),
  sends: ([setting]) => simulator.setSendResults(setting === "later" ? "later" : "homologation"),
  "complete-send": ([idEnvio, outcome]) =>
    simulator.completeSend(idEnvio, outcome === "REALIZADO" || outcome === "NAO_REALIZADO" ? outcome : undefined),
  "refuse-send": ([status, nome, ...words]) =>
    simulator.refuseNextSend({
      status: Number(status) || 422,
      nome: nome ?? "pagamento_negado",
      mensagem: words.join(" "),
    }),
  infraction: ([endToEndId, valor]) => simulator.openInfraction(endToEndId, { valor }),
  "close-infraction": ([idInfracao, status]) => {
    if (!MED_CLOSINGS.includes(status as MedClosing))
      throw new Error(`close-infraction: the status is one of ${MED_CLOSINGS.join(", ")}`);
    return simulator.closeInfraction(idInfracao, status as MedClosing);
  },
  approve: ([id]) => simulator.approveInitiation(id).then(({ location }) => ({ location })),
  reject: ([id]) => simulator.rejectInitiation(id).then(({ location }) => ({ location })),
  expire: ([id]) => simulator.expireInitiation(id).then(({ status }) => ({ status })),
  quit: async () => {
    await simulator.close();
    process.exit(0);
  },
};

const input = createInterface({ input: process.stdin });
input.on("line", async (line) => {
  const [name, ...args] = line.trim().split(/\s+/);
  if (!name) return;
  const command = commands[name];
  if (!command) return console.log(`unknown command ${name}`);
  try {
    const result = await command(args);
    if (result !== undefined) console.log(JSON.stringify(result, null, 2));
    console.log(
      `webhook deliveries: ${JSON.stringify(simulator.webhookDeliveries.slice(-2).map((d) => ({ url: d.url, status: d.status, error: d.error })))}`,
    );
  } catch (error) {
    console.log(error instanceof Error ? error.message : String(error));
  }
});
process.on("SIGINT", () => void commands.quit([]));
