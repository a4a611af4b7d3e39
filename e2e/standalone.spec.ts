// The image without Docker (issue 38): npm run build's standalone folder copied where no repository
// node_modules can be found, started with the Dockerfile's runtime CMD and ENV and compose.yaml's
// environment as a migration step, an api instance and a worker instance, on PostgreSQL and Redis.
// Docker cannot run here; what this does not prove (the image build, the USER, compose's network,
// nginx) is listed in docs/operating.md, "Deploying with containers".
import { execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { jwtVerify } from "jose";
import { parse as parseYaml } from "yaml";
import { STANDALONE_DIR } from "../scripts/runtime-layout";
import { type Receiver, startReceiver } from "../test/support/callback-receiver";
import { hasTestPostgres } from "../test/support/gateway-process";
import { pixDepositRequest } from "../test/support/requests";
import { type TestDatabase, createTestDatabase } from "../test/support/test-database";
import { E2E_PORT } from "./environment";
import { type Merchant, postSigned } from "./support";

const root = path.resolve(import.meta.dirname, "..");
// Past the ports the other specs start servers on.
const ports = { api: E2E_PORT + 40, worker: E2E_PORT + 41 };
/** An instance's metrics port on this one machine, where compose gives every container the same. */
const metricsPortOf = (port: number) => port + 5;

type Instruction = { keyword: string; args: string };

/** The Dockerfile's stages by name, each its instructions, continuation lines joined and comments dropped. */
function readDockerfile(text: string): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  let pending = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    pending += line.trim();
    if (pending.endsWith("\\")) {
      pending = `${pending.slice(0, -1).trim()} `;
      continue;
    }
    const match = /^(\w+)\s+(.*)$/.exec(pending);
    pending = "";
    if (!match) continue;
    const [, keyword, args] = match;
    if (keyword.toUpperCase() === "FROM") {
      const name = /\sAS\s+(\S+)$/i.exec(args)?.[1];
      if (!name) throw new Error(`every stage needs a name: FROM ${args}`);
      current = [];
      stages.set(name, current);
    } else current.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

function only(instructions: Instruction[], keyword: string): string {
  const found = instructions.filter((instruction) => instruction.keyword === keyword);
  expect(found, `one ${keyword} in the stage`).toHaveLength(1);
  return found[0].args;
}

/** An exec-form command (a JSON array), which Docker runs without a shell: what is spawned here. */
function execForm(args: string): string[] {
  const command = JSON.parse(args) as unknown;
  expect(Array.isArray(command) && command.every((part) => typeof part === "string"), args).toBe(true);
  return command as string[];
}

/** What the image's runtime stage says about the process it runs. */
function readRuntimeStage() {
  const stages = readDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  const build = stages.get("build");
  const runtime = [...stages.keys()].at(-1) === "runtime" ? stages.get("runtime") : undefined;
  if (!build || !runtime) throw new Error("the Dockerfile must have a build stage and end with FROM … AS runtime");
  const env = Object.fromEntries(
    only(runtime, "ENV")
      .split(/\s+/)
      .map((pair) => {
        // Plain KEY=value only: quoting is Docker's to interpret, not this parser's.
        expect(pair, "ENV as KEY=value pairs without quotes").toMatch(/^[A-Z_]+=[^"'\s]+$/);
        return pair.split("=") as [string, string];
      }),
  );
  const [from, ...copyRest] = only(runtime, "COPY").split(/\s+/);
  const [source, destination] = copyRest.filter((part) => !part.startsWith("--"));
  expect(from).toBe("--from=build");
  const healthcheck = only(runtime, "HEALTHCHECK");
  return {
    env,
    workdir: only(runtime, "WORKDIR"),
    buildWorkdir: only(build, "WORKDIR"),
    copy: { source, destination },
    cmd: execForm(only(runtime, "CMD")),
    healthcheck: execForm(healthcheck.slice(healthcheck.indexOf("CMD") + 3).trim()),
    stopSignal: only(runtime, "STOPSIGNAL") as NodeJS.Signals,
  };
}

type ComposeService = {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
};

function readCompose(): Record<string, ComposeService> {
  const compose = parseYaml(readFileSync(path.join(root, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return compose.services;
}

/** Every file under `dir` (symbolic links as links), relative to it, and where each link leads. */
function listFiles(dir: string): { file: string; target: string | null }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const target = entry.isSymbolicLink() ? path.resolve(entry.parentPath, readlinkSync(file)) : null;
      return { file: path.relative(dir, file), target };
    });
}

/** A process of the copy, as the container's init would run it: its status and everything it printed. */
function spawnInCopy(cwd: string, command: string[], env: Record<string, string>) {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  return { child, exited, output: () => output };
}

/** A command of the copy until it exits; its standard output, or the failure with both streams. */
function runInCopy(cwd: string, command: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command[0],
      command.slice(1),
      { cwd, env: env as NodeJS.ProcessEnv, encoding: "utf8" },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${command.join(" ")} failed: ${stderr || stdout}`)) : resolve(stdout),
    );
  });
}

/** Ready as the image's HEALTHCHECK means it, waiting the way a slow first start on two busy cores needs. */
async function waitUntilReady(instance: ReturnType<typeof spawnInCopy>, url: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (instance.child.exitCode !== null)
      throw new Error(`the instance exited before it was ready:\n${instance.output()}`);
    const ready = await fetch(`${url}/api/health/ready`)
      .then(async (response) => (await response.arrayBuffer(), response.ok))
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`not ready within 240 s:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let workspace: string;
let copy: string;

function expectInBuildOutput(file: string): void {
  expect(existsSync(path.join(copy, file)), `${file} in ${STANDALONE_DIR}`).toBe(true);
}

test.beforeAll(() => {
  // Outside the repository: Node's resolution walks up from the copy and finds no node_modules.
  workspace = mkdtempSync(path.join(tmpdir(), "cashier-standalone-"));
  copy = path.join(workspace, "app");
  mkdirSync(copy);
  // Links as written: Next.js's are relative (.next/node_modules), and must stay inside the copy.
  cpSync(path.join(root, STANDALONE_DIR), copy, { recursive: true, verbatimSymlinks: true });
});

test.afterAll(() => rmSync(workspace, { recursive: true, force: true }));

test("the runtime folder holds no source, no data, no settings, and nothing that leads outside it", () => {
  const files = listFiles(copy);
  const outsideNodeModules = files.filter(({ file }) => !file.split(path.sep).includes("node_modules"));
  expect(outsideNodeModules.filter(({ file }) => /\.tsx?$/.test(file))).toEqual([]);
  expect(existsSync(path.join(copy, "data"))).toBe(false);
  expect(files.filter(({ file }) => path.basename(file).startsWith(".env"))).toEqual([]);
  const escaping = files.filter(({ target }) => target !== null && path.relative(copy, target).startsWith(".."));
  expect(escaping).toEqual([]);
});

test("the Dockerfile's runtime stage and compose.yaml name what the build output holds", () => {
  const stage = readRuntimeStage();
  // COPY --from=build /src/<the standalone folder> into the WORKDIR the CMD runs in: the copy here.
  expect(path.posix.relative(stage.buildWorkdir, stage.copy.source)).toBe(STANDALONE_DIR);
  expect(path.posix.resolve(stage.workdir, stage.copy.destination)).toBe(stage.workdir);
  expect(stage.cmd[0]).toBe("node");
  expectInBuildOutput(stage.cmd[1]);

  const address = /\/api\/[\w/]+/.exec(stage.healthcheck.join(" "))?.[0];
  expect(address).toBe("/api/health/ready");
  expectInBuildOutput(`.next/server/app${address}/route.js`);

  const services = readCompose();
  const migrate = services.migrate.command ?? [];
  expect(migrate.slice(0, 1)).toEqual(["node"]);
  expectInBuildOutput(migrate[1]);
  expect(migrate.slice(2)).toEqual(["db", "migrate"]);

  // nginx sends to the api instances only, on the image's port, and is the one proxy they trust.
  const apis = Object.keys(services).filter((name) => services[name].environment?.CASHIER_ROLE === "api");
  expect(apis.length).toBeGreaterThan(0);
  const proxy = services.proxy;
  const nginxFile = (proxy.volumes ?? [])[0]?.split(":")[0] ?? "";
  const nginx = readFileSync(path.join(root, nginxFile), "utf8");
  const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
  expect(upstreams.sort()).toEqual(apis.map((name) => `${name}:${stage.env.PORT}`).sort());
  // The one proxy the instances trust sets the request id itself: a client's never gets through.
  expect(nginx).toMatch(/^\s*proxy_set_header\s+X-Request-Id\s+\$request_id;/m);
  const proxyAddress = Object.values(proxy.networks as Record<string, { ipv4_address?: string }>)[0].ipv4_address;
  for (const name of [...apis, "worker", "migrate"]) {
    expect(services[name].environment?.TRUSTED_PROXIES, name).toBe(proxyAddress);
  }

  // The monitoring profile's Prometheus scrapes every instance's METRICS_PORT, and nginx routes none.
  const prometheus = services.prometheus;
  const mounted = Object.fromEntries(
    (prometheus.volumes ?? []).map((volume) => [volume.split(":")[1], volume.split(":")[0]]),
  );
  const scraping = parseYaml(readFileSync(path.join(root, mounted["/etc/prometheus/prometheus.yml"]), "utf8")) as {
    rule_files: string[];
    scrape_configs: { static_configs: { targets: string[] }[] }[];
  };
  const targets = scraping.scrape_configs.flatMap((job) => job.static_configs.flatMap((group) => group.targets));
  expect(targets.sort()).toEqual(
    [...apis, "worker"].map((name) => `${name}:${services[name].environment?.METRICS_PORT}`).sort(),
  );
  for (const rules of scraping.rule_files) expect(mounted[rules], rules).toBeDefined();
  expect(nginx).not.toContain(String(services.worker.environment?.METRICS_PORT));
});

test.describe("the copy as compose.yaml runs the image, on PostgreSQL and Redis", () => {
  test.skip(!hasTestPostgres(), "needs TEST_POSTGRES_URL (a local PostgreSQL server, as roles.spec.ts)");

  let database: TestDatabase | undefined;
  let receiver: Receiver | undefined;
  const instances: ReturnType<typeof spawnInCopy>[] = [];

  test.afterAll(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
    await receiver?.close();
    await database?.drop();
  });

  test("migrate, then an api and a worker instance: a Pix deposit paid, its callback delivered, a clean stop", async () => {
    // Two first starts of Next.js beside the vitest suites on two cores: minutes, not seconds.
    test.setTimeout(600_000);
    const stage = readRuntimeStage();
    const services = readCompose();

    // A self-signed certificate for the merchant's endpoint: production sends callbacks over https only.
    const tls = path.join(workspace, "tls");
    mkdirSync(tls);
    const keyFile = path.join(tls, "key.pem");
    const certFile = path.join(tls, "cert.pem");
    try {
      const subject = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"];
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          ...subject,
          "-keyout",
          keyFile,
          "-out",
          certFile,
        ],
        { stdio: "pipe" },
      );
    } catch (error) {
      throw new Error(
        `openssl req -x509 could not make the callback receiver's certificate (is openssl installed?): ${String(error)}`,
      );
    }
    const endpoint = await startReceiver({
      tls: { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") },
    });
    receiver = endpoint;

    // A database with no migration applied: the migrate service's step applies them all.
    const migrations = readdirSync(path.join(copy, "prisma/postgres/migrations"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    database = await createTestDatabase("postgres", { before: migrations[0] });

    // compose.yaml's ${…} from .env, and what differs on one machine: the services' names are
    // 127.0.0.1, and the tests' fetches come from the proxy's address, 127.0.0.1 too.
    const deployment: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: "redis://127.0.0.1:6379",
      CASHIER_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_BASE_URL: "https://pay.example",
      TRUSTED_PROXIES: "127.0.0.1",
    };
    // What .env gives every service (env_file), and what this machine's merchant endpoint needs.
    const dotEnv = {
      PIX_KEY: randomUUID(),
      CALLBACK_ALLOW_PRIVATE: "true",
      NODE_EXTRA_CA_CERTS: certFile,
    };
    const environmentOf = (service: string, port: number): Record<string, string> => {
      const composed = services[service].environment ?? {};
      for (const [name, value] of Object.entries(composed)) {
        if (value.includes("${")) expect(deployment, `compose.yaml's ${name} needs a value here`).toHaveProperty(name);
      }
      return {
        // Only node's own directory on the PATH: nothing of the repository is reachable.
        PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
        ...stage.env,
        ...dotEnv,
        ...composed,
        ...deployment,
        PORT: String(port),
        ...(composed.METRICS_PORT ? { METRICS_PORT: String(metricsPortOf(port)) } : {}),
        // One server process for the api instance on a two-core test machine (compose leaves the default).
        ...(composed.CASHIER_ROLE === "api" ? { WEB_CONCURRENCY: "1" } : {}),
      };
    };
    expect(stage.env).toMatchObject({ CASHIER_ENV: "production" });

    // Run from outside the folder, as an operator's shell might: the entry applies its own folder's
    // migrations, not the working directory's (none there).
    const [node, entry, ...migrateArgs] = services.migrate.command ?? [];
    const applied = JSON.parse(
      await runInCopy(workspace, [node, path.join(copy, entry), ...migrateArgs], environmentOf("migrate", ports.api)),
    ) as { applied: string[] };
    expect(applied.applied).toEqual(migrations);

    const apiEnv = environmentOf("api-1", ports.api);
    const workerEnv = environmentOf("worker", ports.worker);
    expect([apiEnv.CASHIER_ROLE, workerEnv.CASHIER_ROLE]).toEqual(["api", "worker"]);
    expect(apiEnv.CASHIER_MIGRATE_ON_START).toBe("false");
    const api = spawnInCopy(copy, stage.cmd, apiEnv);
    const worker = spawnInCopy(copy, stage.cmd, workerEnv);
    instances.push(api, worker);
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const workerUrl = `http://127.0.0.1:${ports.worker}`;
    await Promise.all([waitUntilReady(api, apiUrl), waitUntilReady(worker, workerUrl)]);
    // The image's own HEALTHCHECK, run in each instance's environment.
    for (const env of [apiEnv, workerEnv]) await runInCopy(copy, stage.healthcheck, env);

    const merchant = JSON.parse(
      await runInCopy(
        copy,
        ["node", "bin/cashier.mjs", "merchant", "create", "--name", "Loja do Contêiner"].concat([
          "--callback-url",
          endpoint.url,
          "--redirect-origin",
          "https://loja.example",
        ]),
        apiEnv,
      ),
    ) as Merchant;

    const deposit = await postSigned(`${apiUrl}/api/pix`, merchant, pixDepositRequest());
    expect(deposit.status).toBe(201);
    expect(deposit.data).toMatchObject({ status: "pending" });

    // A Pix deposit has no page of its own; a Payment Initiation's is the hosted page customers see.
    const initiation = await postSigned(
      `${apiUrl}/api/payment-initiation`,
      merchant,
      pixDepositRequest({
        successRedirectUrl: "https://loja.example/pago",
        failedRedirectUrl: "https://loja.example/falhou",
      }),
    );
    expect(initiation.status).toBe(201);
    const payUrl = new URL(String(initiation.data.paymentInitiationUrl));
    expect(payUrl.origin).toBe("https://pay.example");
    const page = await fetch(`${apiUrl}${payUrl.pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain("Loja do Contêiner");
    // Its stylesheet and script are inlined from the copy's .next/hosted (the page is a 500 without
    // them), and whatever it loads of Next.js's comes from the copy's .next/static.
    const hosted = readFileSync(path.join(copy, ".next/hosted/hosted.css"), "utf8");
    expect(html).toContain(hosted.slice(0, 200));
    for (const [, asset] of html.matchAll(/(?:href|src)="(\/_next\/[^"]+)"/g)) {
      const response = await fetch(`${apiUrl}${asset.replaceAll("&amp;", "&")}`);
      expect(response.status, asset).toBe(200);
      await response.arrayBuffer();
    }

    const paid = await postSigned(`${apiUrl}/api/sandbox/simulate`, merchant, { id: deposit.data.id, outcome: "paid" });
    expect(paid.status).toBe(200);
    const status = await postSigned(`${apiUrl}/api/status`, merchant, { id: deposit.data.id });
    expect(status).toMatchObject({ status: 200, data: { status: "paid" } });

    // Delivered by the worker instance (the api instance runs no job: roles.spec.ts), over https.
    await expect.poll(() => endpoint.received.length, { timeout: 120_000 }).toBe(1);
    const callback = endpoint.received[0];
    const { payload, protectedHeader } = await jwtVerify(callback.jwt, new TextEncoder().encode(merchant.secret));
    expect(protectedHeader).toMatchObject({ kid: merchant.keyId, typ: "cashier-callback+jwt" });
    expect(payload.data).toMatchObject({ type: "deposit.paid", id: deposit.data.id, event_id: paid.data.event_id });
    // What Prometheus scrapes on each container's METRICS_PORT: the api answered the requests, the
    // worker delivered the callback.
    expect(workerEnv.METRICS_PORT).toBeDefined();
    const metricsOf = async (port: number) => (await fetch(`http://127.0.0.1:${metricsPortOf(port)}/metrics`)).text();
    expect(await metricsOf(ports.api)).toMatch(/^cashier_api_requests_total\{operation="pix",status="201"\} 1$/m);
    await expect
      .poll(() => metricsOf(ports.worker))
      .toMatch(/^cashier_callback_attempts_total\{result="delivered"\} 1$/m);

    // docker stop: the image's STOPSIGNAL to the CMD's process, which drains and exits 0.
    expect(stage.stopSignal).toBe("SIGTERM");
    for (const instance of [api, worker]) instance.child.kill(stage.stopSignal);
    const codes = await Promise.all([api.exited, worker.exited]);
    const output = `${api.output()}\n${worker.output()}`;
    expect(codes, output).toEqual([0, 0]);
    expect(output).not.toContain('"level":"error"');
  });
});
