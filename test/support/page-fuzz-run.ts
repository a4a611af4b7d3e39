// Runs page fuzz cases (test/support/page-fuzz-cases.ts) against a gateway process and judges each
// as the API fuzz does: no answer ≥ 500 (nor none at all), and no row written for a refused
// request. A few cases run at once; the database's rows are counted before and after each group,
// and when a group holding a refusal wrote rows, each refusal in it is sent again on its own, so
// that what a refusal wrote is told from what an accepted case beside it wrote.
import { startGateway } from "./gateway-process";
import { type GatewayRows, openGatewayRows, rowsWritten } from "./gateway-rows";
import { type PageCase, expandBody } from "./page-fuzz-cases";
import { type PageFuzzFixture, preparePageFuzz } from "./page-fuzz-fixture";
import { type RawAnswer, type RawClient, rawClient } from "./raw-http";

export type PageFuzzFailure = {
  case: PageCase;
  status: number;
  /** Why it fails: an answer ≥ 500, no answer, or the rows a refusal wrote. */
  reason: string;
};

export type PageFuzzReport = {
  cases: number;
  /** Answers by route, then by status (0: no answer). */
  counts: Map<string, Map<number, number>>;
  /** Answers by shape (a named one or the family of generated cases), then by status. */
  shapes: Map<string, Map<number, number>>;
  failures: PageFuzzFailure[];
  seconds: number;
};

/**
 * A refusal: a 4xx (or 5xx); a server action's answer carrying a refused form's state; a hosted
 * form sent back to its own page (lib/http/refused-form); an action that needs a session, called
 * without one, sending the caller to the login page.
 */
export function isRefusal(fuzz: PageCase, answer: RawAnswer): boolean {
  if (answer.status >= 400) return true;
  if (fuzz.action && /^[0-9a-f]+:\{"status":"(error|refused|throttled)"/m.test(answer.body)) return true;
  const location = String(answer.headers.location ?? answer.headers["x-action-redirect"] ?? "");
  if (fuzz.isHostedForm && answer.status === 303 && location.split("?")[0] === fuzz.path.split("?")[0]) return true;
  return Boolean(
    fuzz.action?.needsSession &&
    (fuzz.session === "none" || fuzz.session === "forged") &&
    /^\/console\/login(\?next=[^;]*)?(;|$)/.test(location),
  );
}

/** One line naming what was sent: enough to send it again by hand. */
export function describeCase(fuzz: PageCase): string {
  const headers = Object.entries(fuzz.headers)
    .filter(([name]) => name !== "cookie")
    .map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…` : value}`)
    .join("; ");
  const body =
    fuzz.body === undefined
      ? "no body"
      : `${fuzz.body.length} bytes ${JSON.stringify(fuzz.body.slice(0, 100))}${fuzz.body.length > 100 ? "…" : ""}`;
  const path = fuzz.path.length > 120 ? `${fuzz.path.slice(0, 120)}… (${fuzz.path.length} chars)` : fuzz.path;
  return `${fuzz.method} ${JSON.stringify(path).slice(1, -1)} [${fuzz.session} session; ${headers}] ${body}`;
}

/** What a 5xx says: the digest Next.js gives a server error (the same for the same throw), or its first words. */
const serverError = (body: string) => {
  const digest = /E\{"digest":"(\d+)"\}/.exec(body)?.[1];
  return digest ? `server error, digest ${digest}` : body.slice(0, 200).replace(/\s+/g, " ");
};

const tally = (table: Map<string, Map<number, number>>, key: string, status: number) => {
  const byStatus = table.get(key) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  table.set(key, byStatus);
};

export async function runPageFuzz(
  cases: PageCase[],
  context: { client: RawClient; rows: GatewayRows; concurrency: number },
): Promise<PageFuzzReport> {
  const started = performance.now();
  const report: PageFuzzReport = {
    cases: cases.length,
    counts: new Map(),
    shapes: new Map(),
    failures: [],
    seconds: 0,
  };
  let sent = 0;
  const send = (fuzz: PageCase) =>
    context.client.send({
      method: fuzz.method,
      path: fuzz.path,
      // Each case from an address of its own: no per-address limit stands between a case and the code it aims at.
      headers: { "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent++ & 255}`, ...fuzz.headers },
      body: fuzz.body === undefined ? undefined : expandBody(fuzz.body),
    });
  const sendAlone = async (fuzz: PageCase) => {
    const before = await context.rows.count();
    const answer = await send(fuzz);
    return {
      status: answer.status,
      written: isRefusal(fuzz, answer) ? rowsWritten(before, await context.rows.count()) : {},
    };
  };
  const fail = (fuzz: PageCase, status: number, reason: string) => report.failures.push({ case: fuzz, status, reason });

  for (let at = 0; at < cases.length; at += context.concurrency) {
    const group = cases.slice(at, at + context.concurrency);
    const before = await context.rows.count();
    const answers = await Promise.all(group.map(send));
    const written = rowsWritten(before, await context.rows.count());
    const refusals = group.filter((fuzz, i) => isRefusal(fuzz, answers[i]));
    group.forEach((fuzz, i) => {
      const { status, error } = answers[i];
      tally(report.counts, fuzz.route, status);
      tally(report.shapes, fuzz.shape, status);
      if (status === 0) fail(fuzz, status, `no answer: ${error}`);
      else if (status >= 500) fail(fuzz, status, serverError(answers[i].body));
    });
    if (Object.keys(written).length === 0 || refusals.length === 0) continue;
    if (group.length === 1) {
      fail(group[0], answers[0].status, `a refusal wrote rows: ${JSON.stringify(written)}`);
      continue;
    }
    let isAttributed = false;
    for (const fuzz of refusals) {
      const alone = await sendAlone(fuzz);
      if (Object.keys(alone.written).length === 0) continue;
      isAttributed = true;
      fail(fuzz, alone.status, `a refusal wrote rows: ${JSON.stringify(alone.written)}`);
    }
    if (!isAttributed && refusals.length === group.length)
      group.forEach((fuzz, i) =>
        fail(
          fuzz,
          answers[i].status,
          `one of ${group.length} refusals sent together wrote rows: ${JSON.stringify(written)}`,
        ),
      );
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

const statusLine = (byStatus: Map<number, number>) =>
  [...byStatus]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status}: ${n}`)
    .join("  ");

/** Counts by route and status, by shape, then the failures grouped by status, shape and route. */
export function formatPageFuzzReport(report: PageFuzzReport, title: string): string {
  const lines = [`${title}: ${report.cases} cases in ${Math.round(report.seconds)} s`];
  const width = Math.max(...[...report.counts.keys(), ...report.shapes.keys()].map((key) => key.length)) + 2;
  const totals = new Map<number, number>();
  for (const [route, byStatus] of [...report.counts].sort()) {
    lines.push(`  ${route.padEnd(width)} ${statusLine(byStatus)}`);
    for (const [status, n] of byStatus) totals.set(status, (totals.get(status) ?? 0) + n);
  }
  lines.push(`  ${"all".padEnd(width)} ${statusLine(totals)}`, "by shape:");
  for (const [shape, byStatus] of report.shapes) lines.push(`  ${shape.padEnd(width)} ${statusLine(byStatus)}`);
  const serverErrors = [...totals].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  const wrote = report.failures.filter((failure) => failure.reason.includes("wrote rows")).length;
  lines.push(`answers ≥ 500: ${serverErrors}; no answer: ${totals.get(0) ?? 0}; refusals that wrote rows: ${wrote}`);
  const groups = new Map<string, PageFuzzFailure[]>();
  for (const failure of report.failures) {
    const kind = failure.reason.includes("wrote rows")
      ? "wrote rows"
      : failure.status === 0
        ? "no answer"
        : failure.status;
    const key = `${kind} | ${failure.case.shape} | ${failure.case.route}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  if (groups.size > 0) lines.push(`failures, by kind, shape and route (${groups.size}):`);
  for (const [key, failures] of [...groups].sort()) {
    const variants = [...new Set(failures.map((failure) => failure.case.variant))];
    lines.push(
      `  FAIL ×${failures.length} ${key}`,
      `       variants: ${variants.slice(0, 6).join(" / ")}${variants.length > 6 ? ` / … ${variants.length - 6} more` : ""}`,
      `       e.g. ${describeCase(failures[0].case)}`,
      `       ${failures[0].reason}`,
    );
  }
  return lines.join("\n");
}

export type PageFuzz = {
  fixture: PageFuzzFixture;
  /** How long starting the gateway and making the fixture took. */
  setupSeconds: number;
  run: (cases: PageCase[]) => Promise<PageFuzzReport>;
  stop: () => Promise<void>;
};

/**
 * The production build started on a database of its own and the fixture made in it: ready for
 * cases. Needs a build (`npm run build`).
 */
export async function startPageFuzz(options: {
  database: "sqlite" | "postgres";
  port: number;
  concurrency: number;
}): Promise<PageFuzz> {
  const started = performance.now();
  // Without the background jobs (callback delivery, reconciliation, expiry), every row written is a request's.
  const gateway = await startGateway({
    database: options.database,
    port: options.port,
    env: { CALLBACK_WORKER: "false", RECONCILE_WORKER: "false" },
  });
  const client = rawClient(gateway.url, { connections: options.concurrency, timeoutMs: 30_000 });
  const rows = await openGatewayRows(gateway);
  const stop = async () => {
    client.close();
    await rows.close();
    await gateway.stop();
  };
  try {
    const before = await rows.count();
    const fixture = await preparePageFuzz(gateway, client, rows);
    // The counts see what the server commits (three sign-ins): otherwise no refusal could be caught writing.
    const sessions = rowsWritten(before, await rows.count()).ConsoleSession;
    if (sessions !== 3) throw new Error(`the row counts saw ${sessions} sessions started, not 3`);
    return {
      fixture,
      setupSeconds: (performance.now() - started) / 1000,
      run: (cases) => runPageFuzz(cases, { client, rows, concurrency: options.concurrency }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
