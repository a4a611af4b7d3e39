// Issue 35, against what operators run: `npm start`'s production build, where each server chunk can
// hold its own copy of a module, so an error thrown by a provider adapter is not an instance of the
// route's class (tests run from source load one module graph and cannot see that). Every PSP
// failure a live merchant or customer can meet, through the PSP simulator's Efí and an API Pix
// account: the documented status, the page the code means for a customer, never a 500, no
// error-level stack for a refused webhook, nothing half-written.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { type APIRequestContext, type Page, type TestInfo, expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { signRequestToken } from "../lib/envelope/sign-request-token";
import { type PspSimulator, startPspSimulator } from "../test/psp-simulator/start-psp-simulator";
import { type GatewayProcess, startGateway } from "../test/support/gateway-process";
import { E2E_PORT } from "./environment";
import { type Merchant, expectAccessible, fitsViewport, keepScreenshot } from "./support";

const port = E2E_PORT + 9;
let gateway: GatewayProcess;
let efi: PspSimulator;
let apiPix: PspSimulator;
let efiAccount: string;
let apiPixAccount: string;
let merchant: Merchant;
let sequence = 0;

/** `provider add` as an operator types it, the client secret on standard input. */
async function addAccount(psp: PspSimulator, kind: "efi" | "api_pix", ...extra: string[]): Promise<string> {
  const output = await gateway.cashierWithInput(
    `${psp.clientSecret}\n`,
    ...[
      "provider",
      "add",
      "--kind",
      kind,
      "--label",
      `${kind} (simulador)`,
      "--url",
      kind === "efi" ? psp.origin : psp.url,
    ],
    ...(kind === "api_pix" ? ["--token-url", psp.tokenUrl] : []),
    ...["--client-id", psp.clientId, "--client-secret-stdin", "--pix-key", psp.chave],
    ...["--cert-file", psp.certFile, "--key-file", psp.keyFile, "--ca-file", psp.caFile],
    ...extra,
  );
  return (JSON.parse(output) as { id: string }).id;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [efi, apiPix] = await Promise.all([startPspSimulator({ profile: "efi" }), startPspSimulator({})]);
  gateway = await startGateway({
    database: "sqlite",
    port,
    // Every PSP call gives up after 2 s, so a PSP that never answers costs the test little.
    env: { LOG_LEVEL: "info", PIX_PSP_TIMEOUT_SECONDS: "2", CALLBACK_WORKER: "false" },
  });
  efiAccount = await addAccount(
    efi,
    "efi",
    ...["--initiation-url", efi.openFinanceUrl, "--receiver-branch", "0001", "--receiver-account", "654984"],
    ...["--receiver-account-type", "CACC", "--receiver-document", "11.444.777/0001-61"],
    ...["--receiver-name", "Loja Exemplo Ltda"],
  );
  apiPixAccount = await addAccount(apiPix, "api_pix");
  await gateway.cashier("psp", "configure", "--provider", efiAccount);
  await gateway.cashier("psp", "webhook", "register", "--account", efiAccount);
  merchant = JSON.parse(await gateway.cashier("merchant", "create", "--name", "Loja Falhas", "--live")) as Merchant;
  await gateway.cashier("merchant", "update", merchant.merchantId, "--provider", efiAccount);
});

test.afterAll(async () => {
  await gateway?.stop();
  await Promise.all([efi?.close(), apiPix?.close()]);
});

/** The gateway's database, read as an operator's query would. */
function readRows<Row>(sql: string, ...params: unknown[]): Row[] {
  const db = new Database(gateway.databaseUrl.replace(/^file:/, ""), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** A signed request as the merchant's server sends it: the answer's status, headers and verified claims. */
async function call(request: APIRequestContext, path: string, data: unknown) {
  const jwt = await signRequestToken({ keyId: merchant.keyId, secret: merchant.secret, data });
  const response = await request.post(`${gateway.url}${path}`, { data: { jwt } });
  const body = (await response.json()) as { jwt?: string };
  expect(body.jwt, `${path} answered ${response.status()} unsigned: ${JSON.stringify(body)}`).toBeTruthy();
  const { payload } = await jwtVerify(body.jwt as string, new TextEncoder().encode(merchant.secret), {
    algorithms: ["HS256"],
  });
  return {
    status: response.status(),
    headers: response.headers(),
    code: payload.code as number,
    data: payload.data as Record<string, unknown> & { error?: { type: string; detail: string } },
  };
}

const pixRequest = (reference: string, amount = "10.00") => ({
  amount,
  reference,
  merchant_user: "cliente-7",
  country: "BR",
  buyer_ip: "203.0.113.9",
});
const nextReference = (what: string) => `falha-${what}-${Date.now()}-${++sequence}`;

/** The txids the gateway asked the PSP to charge since `since` (an index into its exchanges). */
const chargedTxids = (since: number) =>
  new Set(
    efi.exchanges
      .slice(since)
      .filter((exchange) => exchange.method === "PUT" && /^\/cob\/[^/]+$/.test(exchange.path))
      .map((exchange) => exchange.path.split("/cob/")[1]),
  );

/** The log lines written since `since` (an index into the output), parsed. */
function logSince(since: number): Array<Record<string, unknown>> {
  return gateway
    .output()
    .slice(since)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test.describe("the merchant API when the PSP fails", () => {
  test("a Pix charge the PSP could not make: a signed 503 with Retry-After, and the replay makes one charge", async ({
    request,
  }) => {
    for (const failure of [
      { kind: "status", status: 503, target: "api" },
      // No answer at all, and an answer lost after the PSP made the charge.
      { kind: "timeout", target: "api" },
      { kind: "timeout", target: "api", afterHandling: true },
    ] as const) {
      const reference = nextReference(failure.kind);
      const since = efi.exchanges.length;
      efi.failNext(failure);
      const failed = await call(request, "/api/pix", pixRequest(reference));
      expect(failed.status, JSON.stringify(failed.data)).toBe(503);
      expect(failed.code).toBe(503);
      expect(failed.data.error?.type).toBe("provider_unavailable");
      expect(Number(failed.headers["retry-after"])).toBeGreaterThan(0);

      const replay = await call(request, "/api/pix", pixRequest(reference));
      // The deposit was written before the PSP failed: the replay answers it (200), now charged.
      expect(replay.status, JSON.stringify(replay.data)).toBe(200);
      expect(replay.data).toMatchObject({ reference, status: "pending" });
      const txids = [...chargedTxids(since)];
      expect(txids).toHaveLength(1);
      expect(efi.chargeCount(txids[0])).toBe(1);
      // One deposit for the reference, holding the charge's txid.
      expect(readRows('SELECT pixTxid FROM "Transaction" WHERE reference = ?', reference)).toEqual([
        { pixTxid: txids[0] },
      ]);
    }
  });

  test("a charge answered in a shape the adapter refuses: a signed 502 provider_error, and the replay makes one charge", async ({
    request,
  }) => {
    const reference = nextReference("ilegivel");
    const since = efi.exchanges.length;
    // A 200 whose body is no charge at all.
    efi.failNext({ kind: "status", status: 200, target: "api" });
    const failed = await call(request, "/api/pix", pixRequest(reference));
    expect(failed.status, JSON.stringify(failed.data)).toBe(502);
    expect(failed.data.error?.type).toBe("provider_error");
    const replay = await call(request, "/api/pix", pixRequest(reference));
    expect(replay.status, JSON.stringify(replay.data)).toBe(200);
    const txids = [...chargedTxids(since)];
    expect(txids).toHaveLength(1);
    expect(efi.chargeCount(txids[0])).toBe(1);
  });

  test("a charge the PSP makes for another amount: a signed 502 provider_mismatch and the operator's alert", async ({
    request,
  }) => {
    const reference = nextReference("mismatch");
    efi.mutateNextCob({ valor: "99.00" });
    const answer = await call(request, "/api/pix", pixRequest(reference, "12.00"));
    expect(answer.status, JSON.stringify(answer.data)).toBe(502);
    expect(answer.data.error?.type).toBe("provider_mismatch");
    const [deposit] = readRows<{ id: string }>('SELECT id FROM "Transaction" WHERE reference = ?', reference);
    expect(readRows("SELECT kind FROM OperatorAlert WHERE objectId = ?", deposit.id)).toEqual([
      { kind: "charge_mismatch" },
    ]);
  });

  test("a refund and a payout the PSP could not take: signed 201s, finished by reconciliation", async ({ request }) => {
    const reference = nextReference("paga");
    const created = await call(request, "/api/pix", pixRequest(reference, "15.00"));
    expect(created.status).toBe(201);
    const [{ pixTxid }] = readRows<{ pixTxid: string }>(
      'SELECT pixTxid FROM "Transaction" WHERE reference = ?',
      reference,
    );
    await efi.pay(pixTxid);
    await expect
      .poll(async () => (await call(request, "/api/status", { reference })).data.status, { timeout: 15_000 })
      .toBe("paid");

    efi.failNext({ kind: "status", status: 503, target: "api" });
    const refund = await call(request, "/api/refund", { reference, amount: "5.00" });
    expect(refund.status, JSON.stringify(refund.data)).toBe(201);
    expect(refund.data).toMatchObject({ status: "pending", amount: "5.00" });

    efi.failNext({ kind: "status", status: 503, target: "api" });
    const payout = await call(request, "/api/gateway-out", {
      name: "Maria da Silva",
      email: "maria@example.com",
      cpf: "529.982.247-25",
      paymentMethod: "pix",
      pix_key: "52998224725",
      amount: "4.00",
      reference: nextReference("saque"),
      merchant_user: "cliente-7",
      country: "BR",
      buyer_ip: "203.0.113.9",
    });
    expect(payout.status, JSON.stringify(payout.data)).toBe(201);
    expect(payout.data.transfer_id).toMatch(/^po_/);

    // Reconciliation finishes the refund (asked again under its id, once past its in-flight time).
    await expect
      .poll(
        async () => {
          await gateway.cashier("psp", "reconcile", "--force");
          return (await call(request, "/api/status", { id: refund.data.id })).data.status;
        },
        { timeout: 40_000, intervals: [2_000] },
      )
      .toBe("completed");
    expect(readRows("SELECT status FROM Refund WHERE depositId = ?", created.data.id)).toEqual([
      { status: "completed" },
    ]);
  });
});

test.describe("PSP webhooks without the account's secret", () => {
  test("are 401 for Efí and API Pix accounts alike, with no error-level log", async ({ request }) => {
    const since = gateway.output().length;
    const bodies = [
      { pix: [{ endToEndId: "E00000000202611281200abcdefghijk", txid: "x".repeat(30), valor: "1.00" }] },
      { identificadorPagamento: "urn:efi:00000000-0000-0000-0000-000000000000", status: "aceito", tipo: "pagamento" },
      {},
    ];
    let count = 0;
    for (const account of [efiAccount, apiPixAccount])
      for (const query of ["", `?hmac=${randomBytes(16).toString("hex")}`, "?hmac="])
        for (const body of bodies) {
          const response = await request.post(`${gateway.url}/api/psp/webhook/${account}${query}`, { data: body });
          expect(response.status(), `${account}${query} ${JSON.stringify(body)}`).toBe(401);
          count++;
        }
    expect(count).toBe(18);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = logSince(since);
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(gateway.output().slice(since)).not.toMatch(/\n\s+at /);
  });
});

/** A live Payment Initiation created with a signed JWT: its hosted address and token. */
async function createPayment(request: APIRequestContext, amount: string) {
  const answer = await call(request, "/api/payment-initiation", {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount,
    reference: nextReference("ini"),
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    successRedirectUrl: "https://loja.example/ok",
    failedRedirectUrl: "https://loja.example/falhou",
  });
  expect(answer.status, JSON.stringify(answer.data)).toBe(201);
  const url = String(answer.data.paymentInitiationUrl).replace(/^https?:\/\/[^/]+/, gateway.url);
  return { url, token: new URL(url).pathname.split("/")[2] };
}

/** The payment's page, confirmed, to the bank choice. */
async function toBankChoice(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/banco$/);
}

async function looksRight(page: Page, testInfo: TestInfo, name: string) {
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, name);
  await expectAccessible(page);
}

test.describe("a customer paying at their bank when Efí fails", () => {
  test("the bank list, the payment's start and the return each show the page meant for it, never a 500", async ({
    page,
  }, testInfo) => {
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(gateway.url)) statuses.push(response.status());
    });
    const { url, token } = await createPayment(page.request, "21,00");

    // Nothing kept yet and Efí cannot list its banks: said, with Pix still offered.
    efi.failNext({ kind: "status", status: 503, target: "api" });
    await toBankChoice(page, url);
    await expect(page.getByText("A lista de bancos não está disponível agora.")).toBeVisible();
    await looksRight(page, testInfo, "1-bank-list-unavailable-390");

    // The list again; Efí cannot start the payment: back on the choice, told why.
    await page.reload();
    await expect(page.getByTestId("featured-banks").getByRole("button")).toHaveCount(5);
    efi.failNext({ kind: "status", status: 503, target: "api" });
    await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(page.getByText("Não conseguimos falar com o serviço de pagamento pelo banco agora.")).toBeVisible();
    await looksRight(page, testInfo, "2-start-unavailable-390");
    // Efí answers the start in a shape the adapter refuses: the same page, the same words.
    efi.failNext({ kind: "status", status: 201, target: "api" });
    await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(page).toHaveURL(/\/banco\?erro=indisponivel/);
    await expect(page.getByText("Não conseguimos falar com o serviço de pagamento pelo banco agora.")).toBeVisible();

    // Started; approved at the bank while the webhook is lost and Efí's lookup answers 503 once.
    await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
    const started = efi.initiations().find((item) => item.status === "pendente" && item.valor === "21.00");
    expect(started).toBeTruthy();
    efi.setWebhooksEnabled(false);
    const decision = await efi.approveInitiation(started!.identificadorPagamento);
    efi.setWebhooksEnabled(true);
    efi.failNext({ kind: "status", status: 503, target: "api" });
    await page.goto(decision.location as string);
    await expect(page).toHaveURL(`${gateway.url}/pay/${token}/banco/aguardando`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /Confirmando com o seu banco…|Pagamento confirmado/,
    );
    // The page's own polling asks again and finds it paid.
    await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({ timeout: 15_000 });
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  test("a refusal Efí lists without valor ends the attempt with its reason", async ({ page }, testInfo) => {
    const { url, token } = await createPayment(page.request, "22,00");
    await toBankChoice(page, url);
    await page.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
    efi.setListsUnsettledBare(true);
    try {
      await page.getByRole("button", { name: "Recusar" }).click();
      await expect(page).toHaveURL(new RegExp(`/pay/${token}/banco/aguardando`));
      await expect(page.getByRole("heading", { name: "Pagamento não concluído" })).toBeVisible();
      // The reason in the page's words; Efí's own text is folded under "Detalhe técnico".
      await expect(page.getByTestId("bank-reason")).toContainText("Motivo informado: o banco não aprovou o pagamento.");
      await looksRight(page, testInfo, "3-refused-without-valor-390");
    } finally {
      efi.setListsUnsettledBare(false);
    }
  });

  test("the way back from the bank finds the customer's own payment whatever the address says", async ({
    page,
    browser,
  }, testInfo) => {
    // Another customer's payment, started at the bank in a browser of their own.
    const other = await createPayment(page.request, "23,00");
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await toBankChoice(otherPage, other.url);
    await otherPage.getByTestId("featured-banks").getByRole("button", { name: "Bradesco" }).click();
    await expect(otherPage).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
    await otherContext.close();
    const otherId = efi.initiations().find((item) => item.valor === "23.00")?.identificadorPagamento as string;

    const mine = await createPayment(page.request, "24,00");
    await toBankChoice(page, mine.url);
    await page.getByTestId("featured-banks").getByRole("button", { name: "Nubank" }).click();
    await expect(page).toHaveURL(new RegExp(`^${efi.bankUrl}/autorizar/`));
    const back = `${gateway.url}/pay/retorno/${efiAccount}`;
    for (const [name, query] of [
      ["no-parameter", ""],
      ["unknown-id", "?identificadorPagamento=urn:efi:00000000-0000-0000-0000-000000000000"],
      ["another-payment", `?identificadorPagamento=${encodeURIComponent(otherId)}`],
    ]) {
      await page.goto(`${back}${query}`);
      await expect(page).toHaveURL(`${gateway.url}/pay/${mine.token}/banco/aguardando`);
      await expect(page.getByRole("heading", { name: "Confirmando com o seu banco…" })).toBeVisible();
      await expect(page.getByText("Esperando a confirmação de Nubank.")).toBeVisible();
      await keepScreenshot(page, testInfo, `4-back-${name}-390`);
    }
    // Paid: the same way back, naming the other payment, shows this customer's receipt.
    const myId = efi.initiations().find((item) => item.valor === "24.00")?.identificadorPagamento as string;
    await efi.approveInitiation(myId);
    await page.goto(`${back}?identificadorPagamento=${encodeURIComponent(otherId)}`);
    await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
    await expect(page.getByTestId("receipt-amount")).toHaveText(/R\$\s24,00/);

    // A browser with no cookie and an address naming nothing: confirming, never a 404.
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pt-BR" });
    const freshPage = await fresh.newPage();
    const answer = await freshPage.goto(`${back}?identificadorPagamento=urn:efi:desconhecido`);
    expect(answer?.status()).toBe(200);
    await expect(freshPage.getByRole("heading", { name: "Estamos confirmando o seu pagamento" })).toBeVisible();
    await looksRight(freshPage, testInfo, "5-back-naming-nothing-390");
    await fresh.close();
  });
});

test("nothing in this file was answered 500 or logged a stack", () => {
  const lines = logSince(0);
  expect(lines.filter((line) => line.status === 500 || line.code === "internal_error")).toEqual([]);
  expect(gateway.output()).not.toMatch(/\n\s+at .+:\d+:\d+/);
});
