// PgBouncer in transaction mode in front of TEST_POSTGRES_URL's server, for the integration
// project that runs the PostgreSQL smoke and the soak's invariants through it (issue 40). Debian's
// pgbouncer package holds it; .ci/run extracts it (with the c-ares library it needs, behind a
// small wrapper that names the library) rather than installing the package's service. PGBOUNCER
// names the binary, else `pgbouncer` on the PATH.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Set by .ci/run, which provides PgBouncer: there a missing one fails instead of skipping. */
export const REQUIRE_PGBOUNCER_VARIABLE = "CASHIER_REQUIRE_PGBOUNCER";

/** Where the workers find the running PgBouncer: postgresql://…@127.0.0.1:PORT. */
export const PGBOUNCER_URL_VARIABLE = "TEST_PGBOUNCER_URL";

/** PGBOUNCER, else pgbouncer on the PATH; null when neither runs. */
export function findPgBouncer(): string | null {
  const candidate = process.env.PGBOUNCER || "pgbouncer";
  return spawnSync(candidate, ["--version"], { stdio: "ignore" }).status === 0 ? candidate : null;
}

/** The PgBouncer to test through, or null to skip; where it is required (CI), its absence fails. */
export function pgBouncerForTests(): string | null {
  const binary = findPgBouncer();
  if (binary === null && process.env[REQUIRE_PGBOUNCER_VARIABLE] === "1") {
    throw new Error(`${REQUIRE_PGBOUNCER_VARIABLE}=1 but no pgbouncer runs: set PGBOUNCER or put it on the PATH`);
  }
  return binary;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts PgBouncer in transaction mode on a free local port, every database name passed to
 * `postgresUrl`'s server, trusting the same user. Resolves once it accepts connections.
 */
export async function startPgBouncer(
  binary: string,
  postgresUrl: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const upstream = new URL(postgresUrl);
  const user = decodeURIComponent(upstream.username || "postgres");
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "cashier-pgbouncer-"));
  // Readable by the unprivileged user PgBouncer runs as when started by root (it refuses root).
  chmodSync(dir, 0o755);
  const config = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    config,
    [
      "[databases]",
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 1000",
      "default_pool_size = 20",
      // What pg sends at connect that PgBouncer would otherwise refuse.
      "ignore_startup_parameters = extra_float_digits,options",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  const child: ChildProcess = spawn(binary, [...asRoot, config], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${output}`);
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`pgbouncer did not listen within 15 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(postgresUrl);
  url.port = String(port);
  url.pathname = "/";
  return {
    url: url.toString(),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
