// The clients as a merchant installs them, outside the repository, against the gateway npm start
// serves: clients/node packed by npm pack and installed from its tarball, driven from TypeScript
// type-checked under module NodeNext and from the plain JavaScript it compiles to; clients/python
// installed by pip and driven by Debian's python3 with python3-jwt; clients/php copied as a shop
// without Composer vendors it and driven by Debian's php-cli. All three run the same scenario
// (test/clients/) and must report the same outcomes, every amount as "10.50" whichever form the
// operation answered (the API's own forms are docs/api.md's "Amounts").
import { execFile, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { customer } from "../test/support/customer";
import { REQUIRE_PYTHON_VARIABLE, pythonForClientTests } from "../test/support/python-client";
import { E2E_BASE_URL } from "./environment";
import { cashier, type Merchant } from "./support";

const root = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

/** Set by .ci/run, which installs php-cli: there a missing php fails instead of skipping. */
const REQUIRE_PHP_VARIABLE = "CASHIER_REQUIRE_PHP_CLIENT";

/**
 * Debian's php (8.1 or later, the client's floor), or null to skip the PHP client's test on a
 * machine without it; where it is required (CI), its absence fails instead of hiding behind a skip.
 */
function phpForClientTests(): string | null {
  const supported = "exit(PHP_VERSION_ID >= 80100 && extension_loaded('json') ? 0 : 1);";
  const php =
    ["/usr/bin/php", "php"].find(
      (candidate) => spawnSync(candidate, ["-r", supported], { stdio: "ignore" }).status === 0,
    ) ?? null;
  if (php === null && process.env[REQUIRE_PHP_VARIABLE] === "1") {
    throw new Error(`${REQUIRE_PHP_VARIABLE}=1 but no php 8.1 or later runs: apt-get install php-cli`);
  }
  return php;
}

// Each scenario listens for its callbacks on this port in turn: the merchant's callback URL.
let callbackPort: number;
let merchant: Merchant;
// A proxy in front of the gateway that answers an HTML 502 of its own.
let proxy: http.Server;
let scratch: string;

async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

test.beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "cashier-clients-"));
  const probe = http.createServer();
  callbackPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  merchant = JSON.parse(
    cashier(
      ...["merchant", "create", "--name", "Loja dos Clientes"],
      ...["--callback-url", `http://127.0.0.1:${callbackPort}/callbacks`],
      ...["--redirect-origin", "https://shop.example.com"],
    ),
  ) as Merchant;
  proxy = http.createServer((_request, response) =>
    response.writeHead(502, { "content-type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>"),
  );
  await listen(proxy);
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

const scenarioEnv = (reference: string) => ({
  ...process.env,
  CASHIER_URL: E2E_BASE_URL,
  CASHIER_KEY_ID: merchant.keyId,
  CASHIER_SECRET: merchant.secret,
  CALLBACK_PORT: String(callbackPort),
  HTML_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
  REFERENCE: reference,
  CUSTOMER: JSON.stringify(customer),
});

/** The scenario's last line: its report. */
const reportOf = (stdout: string) => JSON.parse(stdout.trim().split("\n").pop() ?? "null") as unknown;

const refusal = (status: number, type: string, hasCause: boolean) => ({
  status,
  type,
  fields: [],
  has_cause: hasCause,
});
const expectedReport = {
  // Pix answers 10.5, Payment Initiation "20,00": each client hands them over as "10.50" and "20.00".
  created: { replayed: false, is_deposit: true, amount: "10.50", status: "pending" },
  replayed: { replayed: true, same_deposit: true },
  status: { status: "pending" },
  simulated: { status: "paid" },
  callback: { type: "deposit.paid", same_deposit: true, status: "paid", amount: "10.50" },
  test_callback: { delivered: true, type: "test" },
  refund: { replayed: false, status: "pending", replay: { replayed: true, same_refund: true } },
  payout: { replayed: false, status: "pending", amount: "1.00" },
  payment_initiation: { replayed: false, hosted: true, amount: "20.00" },
  balance: { mode: "sandbox", currency: "BRL" },
  transactions: { types: ["deposit", "refund"] },
  events: { paid_delivered: true },
  resent: { received_again: "deposit.paid" },
  dispute: {
    listed: [{ same_dispute: true, status: "open", held: "5.50" }],
    opened: { type: "dispute.opened", status: "open" },
    answered: { status: "won", decision: "contest", held: "0.00" },
  },
  dispute_again: refusal(409, "state_conflict", false),
  gateway_in: { http_status: 303, to_payment: true },
  refused: { ...refusal(422, "validation_failed", false), fields: expect.arrayContaining(["branch"]) },
  wrong_secret: refusal(401, "signature_invalid", false),
  not_json: refusal(502, "invalid_response", false),
  unreachable: refusal(0, "network_error", true),
  forged_callback: refusal(0, "invalid_callback", true),
};

test("clients/node installs from npm pack and runs from TypeScript under NodeNext and plain JavaScript", async () => {
  // Two runs of tsc (the package's build, the scenario's check) beside the vitest suites.
  test.setTimeout(120_000);
  const project = path.join(scratch, "node");
  mkdirSync(project);
  const packed = await run("npm", ["pack", "--json", "--pack-destination", project], {
    cwd: path.join(root, "clients/node"),
  });
  const [{ filename, files }] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  expect(files.map((file) => file.path).sort()).toEqual([
    "README.md",
    "dist/api-types.d.ts",
    "dist/api-types.js",
    "dist/index.d.ts",
    "dist/index.js",
    "package.json",
  ]);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "shop", private: true, type: "module" }));
  await run("npm", ["install", path.join(project, filename), "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: project,
  });

  cpSync(path.join(root, "test/clients/node-scenario.mts"), path.join(project, "scenario.mts"));
  const compilerOptions = {
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    strict: true,
    // Lighter, and nothing lost: were the package's .d.ts broken, its types would be any, which the
    // scenario's @ts-expect-error lines refuse.
    skipLibCheck: true,
    // The scenario's own node: imports; the package itself needs no @types.
    typeRoots: [path.join(root, "node_modules/@types")],
    types: ["node"],
  };
  writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["scenario.mts"] }));
  const tsc = path.join(root, "node_modules/typescript/bin/tsc");
  await run(process.execPath, [tsc, "-p", project]).catch((error: { stdout: string }) => {
    throw new Error(`tsc refused the scenario:\n${error.stdout}`);
  });

  const { stdout } = await run(process.execPath, [path.join(project, "scenario.mjs")], {
    cwd: project,
    env: scenarioEnv("node"),
  });
  expect(reportOf(stdout)).toEqual(expectedReport);
});

test("clients/python installs with pip and runs the same scenario", async () => {
  const python = pythonForClientTests();
  test.skip(
    python === null,
    `no python3 with PyJWT and pip: apt-get install python3-jwt python3-pip (CI sets ${REQUIRE_PYTHON_VARIABLE}=1)`,
  );
  // Built from a copy: setuptools writes its build folder beside the sources.
  const source = path.join(scratch, "python-source");
  const site = path.join(scratch, "python-site");
  cpSync(path.join(root, "clients/python"), source, { recursive: true });
  await run(
    python!,
    ["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "--target", site, source],
    { env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_ROOT_USER_ACTION: "ignore" } },
  );

  const { stdout } = await run(python!, [path.join(root, "test/clients/python-scenario.py")], {
    cwd: scratch,
    env: { ...scenarioEnv("python"), PYTHONPATH: site },
  });
  expect(reportOf(stdout)).toEqual(expectedReport);
});

test("clients/php runs the same scenario with Debian's php-cli", async () => {
  const php = phpForClientTests();
  test.skip(php === null, `no php 8.1 or later: apt-get install php-cli (CI sets ${REQUIRE_PHP_VARIABLE}=1)`);
  // Vendored as a shop without Composer does: the folder copied, required through its autoload.php.
  const client = path.join(scratch, "php-client");
  cpSync(path.join(root, "clients/php"), client, { recursive: true });

  const { stdout } = await run(php!, [path.join(root, "test/clients/php-scenario.php")], {
    cwd: scratch,
    env: { ...scenarioEnv("php"), CASHIER_PHP_CLIENT: client },
  });
  expect(reportOf(stdout)).toEqual({
    ...expectedReport,
    // The shop of clients/php/examples under PHP's built-in server: the checkout page shows the
    // Pix; a forged deposit.paid is refused and changes nothing; the gateway's marks the order
    // paid (its amount the order's "10.50"), and the same one again is acknowledged, not redone.
    checkout: {
      page: { http_status: 200, br_code: true, qr_image: true, order: "pending" },
      amount: "10.50",
      forged: { http_status: 401, order: "pending" },
      paid: { http_status: 200, order: "paid" },
      repeated: { http_status: 200, answer: "already handled" },
    },
  });
});
