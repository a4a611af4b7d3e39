// Property-based fuzzing of the console, its server actions and the hosted pages through the real
// server (issue 25), the API fuzz's counterpart (test/support/fuzz-cases.ts): every route of the
// build with hostile methods, paths and queries (NUL, percent garbage, `//`, huge, unicode, the
// list pages' filters and their CSV); every server action of the build called with real and
// unknown ids, with arguments wrong-typed or 5,000 deep, in bodies valid, truncated, broken or
// under the wrong content type; forms posted without a script; the hosted forms of real payments
// with hostile fields; each with or without a session of each role, from the gateway's origin,
// another or none, with a Host or X-Forwarded-Host that differs. Also the issue's named shapes,
// as fixed cases. Used by e2e/page-fuzz.spec.ts and `npm run fuzz -- --pages`.
import fc from "fast-check";
import {
  type ConsoleRole,
  FormFields,
  type PageFuzzFixture,
  encodeActionArguments,
  multipartBody,
} from "./page-fuzz-fixture";
import { Nested, expandNested, hostileText, hostileValue } from "./hostile-values";

export type PageSession = "none" | "forged" | ConsoleRole;

export type PageCase = {
  /** The issue's name for the shape of a named case, or the family a generated case comes from. */
  shape: string;
  /** What the counts group by: the method and the route as the build names it, or the action. */
  route: string;
  /** How this case's request differs from a browser's: what a report of a failure groups by. */
  variant: string;
  method: string;
  /** May hold a raw latin1 byte; never a character Node cannot write in a request line. */
  path: string;
  headers: Record<string, string>;
  /** May hold Nested markers and the marker of a body over 1 MB, expanded when sent (expandBody). */
  body?: string;
  session: PageSession;
  /** The server action it calls and whether that action needs a signed-in user. */
  action?: { name: string; needsSession: boolean };
  /** A hosted form's POST, whose refusal is a 303 back to its own page. */
  isHostedForm?: boolean;
};

/** Actions a signed-out browser calls: signing in, the language, the setup and reset links' steps, a forgotten password. */
const SIGNED_OUT_ACTIONS = new Set([
  "logIn",
  "switchConsoleLanguage",
  "savePassword",
  "enrolTotp",
  "skipTotp",
  "askForPasswordReset",
  "saveNewPassword",
]);

/** logOut and logOutEverywhere end the session they are called with: only ever called without one. */
const SESSION_ENDING_ACTIONS = new Set(["logOut", "logOutEverywhere"]);

/** The setup and reset links' steps: the token bound by the page, then useActionState's state and the form. */
const SETUP_ACTIONS = new Set(["savePassword", "enrolTotp", "skipTotp", "saveNewPassword"]);

/** Plain form actions: the form alone. */
const FORM_ONLY_ACTIONS = new Set([...SESSION_ENDING_ACTIONS, "switchConsoleLanguage"]);

/** Stands for the bytes of a body over the forms' 1 MB limit, so that the case stays printable. */
const overOneMegabyte = "__over_1_mb__";

/** A case's body as sent: its markers expanded. */
export const expandBody = (body: string) => expandNested(body).replace(overOneMegabyte, "a".repeat(1024 * 1024 + 10));

const FOREIGN_ORIGIN = "https://evil.example";
const FOREIGN_HOST = "evil.example";

const query = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** Text as a form field carries it: anything that is not text is written as JSON would show it. */
const fieldText = (value: unknown): string =>
  value instanceof Nested
    ? `${"[".repeat(value.depth)}${"]".repeat(value.depth)}`
    : typeof value === "string"
      ? value
      : String(JSON.stringify(value));

const fieldValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: hostileValue.map(fieldText) },
);

/** Bytes in a path or a query value that no route should choke on. */
const segmentGarbage = fc.constantFrom(
  "%00",
  "a%00b",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "%F0%9F%92%B8",
  "%2F%2F",
  "%0D%0ASet-Cookie:%20x=1",
  "..",
  ".",
  "%2e%2e",
  // Raw latin1 bytes, not UTF-8: what a client that does not encode sends.
  "ção",
  "\u00ff",
  "x".repeat(3000),
  "%00".repeat(1000),
  "dep_" + "z".repeat(40),
  "A".repeat(32),
  "eyJhbGciOiJub25lIn0.e30.",
);

const queryText = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((text) => query([["v", text]]).slice(2)) },
  { weight: 2, arbitrary: segmentGarbage },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "deposit",
      "payout",
      "paid",
      "pending",
      "live",
      "sandbox",
      "2026-01-01",
      "2026-02-30",
      "en",
      "1",
    ),
  },
);

/** The console's list filters, the hosted pages' parameters and some no route reads. */
const QUERY_KEYS = [
  "q",
  "actor",
  "action",
  "type",
  "status",
  "merchant",
  "from",
  "to",
  "after",
  "before",
  "mode",
  "resolved",
  "returned",
  "marked",
  "approved",
  "signedOut",
  "lang",
  "banco",
  "tentativa",
  "q[]",
  "",
];

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryText), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join("&")}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("?", "?&&=&", "?q", "?=x", "?q=%00&q=%00", "?%00=%00", "?q=" + "%00".repeat(3000)),
  },
);

/** A path with one thing wrong with it now and then: `//`, a NUL, a dot segment, a huge segment. */
function mutatedPath(path: fc.Arbitrary<string>): fc.Arbitrary<{ path: string; mutation: string }> {
  const mutations: [string, (path: string, garbage: string) => string][] = [
    ["trailing slash", (p) => `${p}/`],
    ["leading //", (p) => `/${p}`],
    ["inner //", (p) => p.replace(/\/(?=[^/]*$)/, "//")],
    ["appended segment", (p, garbage) => `${p}/${garbage}`],
    ["dot segments", (p) => `${p}/../..`],
    ["huge segment", (p) => `${p}/${"a".repeat(9000)}`],
    ["over the header limit", (p) => `${p}/${"a".repeat(20_000)}`],
    // ASCII only: "ÿ" in upper case is no latin1 byte, which no client can put in a request line.
    ["upper case", (p) => p.replace(/[a-z]/g, (letter) => letter.toUpperCase())],
  ];
  return fc
    .tuple(path, fc.nat({ max: mutations.length * 3 }), segmentGarbage)
    .map(([p, pick, garbage]) =>
      pick >= mutations.length
        ? { path: p, mutation: "" }
        : { path: mutations[pick][1](p, garbage), mutation: mutations[pick][0] },
    );
}

/** The route with its dynamic segments filled: the fixture's real tokens and ids, or garbage. */
function fillRoute(route: string, fixture: PageFuzzFixture): fc.Arbitrary<string> {
  const real = (values: string[]) =>
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: segmentGarbage });
  const segments = route
    .split("/")
    .slice(1)
    .map((segment): fc.Arbitrary<string> => {
      if (/^\[\.\.\.\w+\]$/.test(segment))
        return fc
          .array(fc.oneof(fc.constantFrom("x", "abrir", "pix"), segmentGarbage), { minLength: 1, maxLength: 3 })
          .map((parts) => parts.join("/"));
      const name = /^\[(\w+)\]$/.exec(segment)?.[1];
      if (!name) return fc.constant(segment);
      if (name === "token" && route.startsWith("/pay/")) return real(fixture.payTokens);
      if (name === "token" && route.startsWith("/console/setup/")) return real(Object.values(fixture.setupLinks));
      if (name === "id") return real([...fixture.depositIds.own, ...fixture.depositIds.other]);
      if (name === "merchantId") return real(Object.values(fixture.merchantIds));
      if (name === "keyId") return real([fixture.keyId]);
      return segmentGarbage;
    });
  return fc.tuple(...segments).map((parts) => `/${parts.join("/")}`);
}

const originOf = (fixture: PageFuzzFixture): fc.Arbitrary<[string, string | undefined]> =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant<[string, string | undefined]>(["same origin", fixture.baseUrl]) },
    { weight: 3, arbitrary: fc.constant<[string, string | undefined]>(["no origin", undefined]) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<[string, string | undefined]>(
        ["foreign origin", FOREIGN_ORIGIN],
        ["origin null", "null"],
        ["origin with a path", `${fixture.baseUrl}/`],
        ["origin on another port", "http://127.0.0.1:1"],
        ["origin not a URL", "::%%"],
        ["origin in upper case", fixture.baseUrl.toUpperCase()],
      ),
    },
  );

const hostHeaders: fc.Arbitrary<[string, Record<string, string>]> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<[string, Record<string, string>]>(["", {}]) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<[string, Record<string, string>]>(
      ["host differs", { host: FOREIGN_HOST }],
      ["x-forwarded-host differs", { "x-forwarded-host": FOREIGN_HOST }],
      ["host and x-forwarded-host differ", { host: FOREIGN_HOST, "x-forwarded-host": FOREIGN_HOST }],
      ["x-forwarded-host lists two", { "x-forwarded-host": `${FOREIGN_HOST}, 127.0.0.1` }],
      ["host on another port", { host: "127.0.0.1:1" }],
    ),
  },
);

const sessionOf = (weights: { none: number }): fc.Arbitrary<PageSession> =>
  fc.oneof(
    { weight: weights.none, arbitrary: fc.constant<PageSession>("none") },
    { weight: 1, arbitrary: fc.constant<PageSession>("forged") },
    { weight: 2, arbitrary: fc.constantFrom<PageSession>("operator", "merchant-admin", "merchant-viewer") },
  );

const TEXT_CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "text/html",
  "text/x-component",
  "text/plainx",
  "TEXT/PLAIN",
  "text/plain",
  "text/plain;charset=UTF-8",
  "multipart/form-data",
  "",
];

/** A multipart body that is not one, or barely: each variant named. */
function brokenMultipart(parts: [string, string][]): fc.Arbitrary<[string, string, string]> {
  const boundary = "----CashierBroken";
  const valid = multipartBody(parts.length > 0 ? parts : [["a", "b"]], boundary);
  const withBoundary = `multipart/form-data; boundary=${boundary}`;
  // Each built only when picked: the 5,000 parts are 360 KB.
  const variants: [string, string, (cut: number) => string][] = [
    ["multipart without a boundary", "multipart/form-data", () => valid],
    ["multipart with another boundary", "multipart/form-data; boundary=other", () => valid],
    ["multipart truncated", withBoundary, (cut) => valid.slice(0, Math.floor(valid.length * cut))],
    ["multipart without its closing boundary", withBoundary, () => valid.replace(`--${boundary}--\r\n`, "")],
    [
      "multipart part without a name",
      withBoundary,
      () => `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
    [
      "multipart part without a blank line",
      withBoundary,
      () => `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\nx\r\n--${boundary}--\r\n`,
    ],
    ["multipart empty", withBoundary, () => ""],
    ["multipart not multipart", withBoundary, () => "{{{ not a form"],
    ["multipart with LF line ends", withBoundary, () => valid.replaceAll("\r\n", "\n")],
    ["multipart with a boundary too long", `multipart/form-data; boundary=${"b".repeat(200)}`, () => valid],
    [
      "multipart of 5,000 parts",
      withBoundary,
      () =>
        multipartBody(
          Array.from({ length: 5000 }, (_, i) => [`p${i}`, "x"]),
          boundary,
        ),
    ],
    [
      "multipart with a file",
      withBoundary,
      () =>
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="x.json"\r\nContent-Type: application/json\r\n\r\n[]\r\n--${boundary}--\r\n`,
    ],
  ];
  return fc
    .tuple(fc.nat({ max: variants.length - 1 }), fc.double({ min: 0.05, max: 0.95, noNaN: true }))
    .map(([pick, cut]): [string, string, string] => [variants[pick][0], variants[pick][1], variants[pick][2](cut)]);
}

/** What the fields of a form of this action are, as far as a guess from its name goes. */
const ACTION_FIELDS: Record<string, string[]> = {
  logIn: ["email", "password", "code", "next"],
  switchConsoleLanguage: ["lang"],
  savePassword: ["password", "confirmation"],
  enrolTotp: ["code"],
  askForPasswordReset: ["email"],
  saveNewPassword: ["password", "confirmation"],
  createKeyAction: ["merchantId"],
  revokeKeyAction: ["keyId"],
  createMerchantAction: ["name", "mode", "callbackUrl", "redirectOrigins"],
  changeMerchantSettingsAction: ["merchantId", "callbackUrl", "redirectOrigins"],
  switchMerchantModeAction: ["merchantId", "mode"],
  alertAction: ["alertId", "action", "merchant"],
  markPayoutAction: ["transferId", "outcome", "reasonCode", "reason", "isResume"],
  approvePayoutAction: ["transferId"],
  refundDepositAction: ["depositId", "amount", "reason", "requestKey"],
  disableProviderAction: ["accountId"],
  inviteUserAction: ["email", "role", "merchantId"],
  disableUserAction: ["userId"],
  newSetupLinkAction: ["userId"],
  resetAuthenticatorAction: ["userId"],
};

function formArgument(fixture: PageFuzzFixture, names: string[]): fc.Arbitrary<FormFields> {
  const usual = fc.constantFrom(
    ...Object.values(fixture.merchantIds),
    ...fixture.depositIds.own,
    fixture.keyId,
    "en",
    "pt-BR",
    "live",
    "sandbox",
    "123456",
    "uma frase longa para o fuzz",
    "https://shop.example",
  );
  const name = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...names, "x") },
    { weight: 1, arbitrary: hostileText },
  );
  return fc
    .array(fc.tuple(name, fc.oneof({ weight: 2, arbitrary: usual }, { weight: 3, arbitrary: fieldValue })), {
      maxLength: 5,
    })
    .map((fields) => new FormFields(fields));
}

type Labelled<T> = [label: string, value: T];

/** The arguments an action's page passes it, or now and then something else: each with its label. */
function actionArguments(name: string, fixture: PageFuzzFixture): fc.Arbitrary<Labelled<unknown[]>> {
  const token = fc.constantFrom(...Object.values(fixture.setupLinks));
  const id = fc.constantFrom(...fixture.depositIds.own, ...fixture.depositIds.other, "evt_00000000");
  const state = fc.constant({ status: "idle" });
  const form = formArgument(fixture, ACTION_FIELDS[name] ?? Object.values(ACTION_FIELDS).flat());
  // What each action's page passes it (app/console/**/actions.ts): a setup link's token, or a
  // transaction's ids, bound by the page; useActionState's last state; the form.
  const usual: fc.Arbitrary<unknown[]> = SETUP_ACTIONS.has(name)
    ? fc.tuple(token, state, form)
    : name === "revealCustomerAction"
      ? fc.tuple(id)
      : name === "resendCallbackAction"
        ? fc.tuple(id, id)
        : FORM_ONLY_ACTIONS.has(name)
          ? fc.tuple(form)
          : fc.tuple(state, form);
  return fc.oneof(
    { weight: 6, arbitrary: usual.map((args): Labelled<unknown[]> => ["the page's arguments", args]) },
    {
      weight: 2,
      arbitrary: fc.tuple(usual, fc.nat(), hostileValue).map(([args, at, value]): Labelled<unknown[]> => {
        const replaced = at % Math.max(args.length, 1);
        return [
          `argument ${replaced + 1} of another type`,
          args.length === 0 ? [value] : args.map((arg, i) => (i === replaced ? value : arg)),
        ];
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(usual, hostileValue)
        .map(([args, extra]): Labelled<unknown[]> => ["one argument too many", [...args, extra]]),
    },
    { weight: 1, arbitrary: fc.constant<Labelled<unknown[]>>(["no arguments", []]) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 5000 })
        .map((depth): Labelled<unknown[]> => [`arguments ${depth} deep`, [new Nested(depth)]]),
    },
  );
}

/** The body of an action call: as React writes it, or not quite. Returns [variant, content type, body]. */
function actionBody(args: fc.Arbitrary<Labelled<unknown[]>>): fc.Arbitrary<[string, string, string]> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: args.map(([label, values]): [string, string, string] => {
        const { contentType, body } = encodeActionArguments(values);
        return [`${label}, as React sends them`, contentType, body];
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(args, fc.double({ min: 0, max: 0.95, noNaN: true }))
        .map(([[label, values], cut]): [string, string, string] => {
          const { contentType, body } = encodeActionArguments(values);
          return [`${label}, truncated`, contentType, body.slice(0, Math.floor(body.length * cut))];
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(args, fc.constantFrom(...TEXT_CONTENT_TYPES))
        .map(([[label, values], contentType]): [string, string, string] => [
          `${label}, as JSON under ${contentType || "no content type"}`,
          contentType,
          JSON.stringify(values),
        ]),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(hostileText, fc.constantFrom("{{{", "[", "]", "[1,", "{}", '"x"', "null", "")),
          fc.constantFrom(...TEXT_CONTENT_TYPES),
        )
        .map(([text, contentType]): [string, string, string] => [
          `not JSON under ${contentType || "no content type"}`,
          contentType,
          text,
        ]),
    },
    {
      weight: 2,
      arbitrary: args.chain(([label, values]) => {
        const { body } = encodeActionArguments([...values, new FormFields([["x", "y"]])]);
        const parts = [...body.matchAll(/name="([^"]*)"\r\n\r\n([^\r]*)/g)].map((m): [string, string] => [m[1], m[2]]);
        return brokenMultipart(parts).map(([variant, contentType, text]): [string, string, string] => [
          `${label}, ${variant}`,
          contentType,
          text,
        ]);
      }),
    },
  );
}

function sessionHeaders(session: PageSession, fixture: PageFuzzFixture): Record<string, string> {
  if (session === "none") return {};
  if (session === "forged") return { cookie: `cashier_console=${"A".repeat(43)}` };
  return { cookie: fixture.sessions[session] };
}

function pageRequestCase(fixture: PageFuzzFixture): fc.Arbitrary<PageCase> {
  const pages = [...fixture.routes.filter((route) => !route.startsWith("/api/")), "/pay", "/console/setup"];
  // The API's routes are the API fuzz's (test/support/fuzz-cases.ts): here only now and then.
  const others = [
    ...fixture.routes.filter((route) => route.startsWith("/api/")),
    "/nowhere",
    "/console/nowhere",
    "/api/nowhere/deeper",
  ];
  return fc
    .oneof({ weight: 4, arbitrary: fc.constantFrom(...pages) }, { weight: 1, arbitrary: fc.constantFrom(...others) })
    .chain((route) =>
      fc.record({
        route: fc.constant(route),
        path: mutatedPath(fillRoute(route, fixture)),
        query: queryString,
        method: fc.oneof(
          { weight: 8, arbitrary: fc.constant("GET") },
          { weight: 2, arbitrary: fc.constant("HEAD") },
          { weight: 2, arbitrary: fc.constant("POST") },
          { weight: 3, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "TRACE", "MKCOL") },
        ),
        body: fc.tuple(fc.constantFrom(...TEXT_CONTENT_TYPES), fieldValue),
        origin: originOf(fixture),
        host: hostHeaders,
        session: sessionOf({ none: 3 }),
      }),
    )
    .map(({ route, path, query, method, body, origin, host, session }) => {
      const hasBody = !["GET", "HEAD"].includes(method);
      return {
        shape: "page request",
        route: `${method} ${route}`,
        variant: [
          path.mutation,
          query && "query",
          hasBody && `body as ${body[0] || "no content type"}`,
          origin[0],
          host[0],
          session,
        ]
          .filter(Boolean)
          .join(", "),
        method,
        path: path.path + query,
        headers: {
          ...(hasBody && body[0] ? { "content-type": body[0] } : {}),
          ...(origin[1] ? { origin: origin[1] } : {}),
          ...host[1],
          ...sessionHeaders(session, fixture),
        },
        body: hasBody ? body[1] : undefined,
        session,
      };
    });
}

function actionCallCase(fixture: PageFuzzFixture): fc.Arbitrary<PageCase> {
  const consoleRoutes = fixture.routes.filter((route) => route.startsWith("/console") && !route.endsWith(".csv"));
  const otherPaths = fc.constantFrom(
    "/",
    "/docs",
    "/pay/ajuda",
    "/api/pix",
    "/api/nowhere",
    `/pay/${fixture.payTokens[0]}`,
  );
  const unknownId = fc.oneof(
    fc.stringMatching(/^[0-9a-f]{42}$/).map((id): [string, string] => ["unknown id", id]),
    fc.constantFrom<[string, string]>(
      ["malformed id", "x"],
      ["malformed id", ""],
      ["malformed id", "7".repeat(5000)],
      ["malformed id", "ção"],
    ),
  );
  const actionPick = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(...fixture.actions).map((action) => ({ action, label: action.name, id: action.id })),
    },
    { weight: 2, arbitrary: unknownId.map(([label, id]) => ({ action: undefined, label: `(${label})`, id })) },
  );
  return actionPick.chain(({ action, label, id }) => {
    const name = action?.name ?? "";
    const pathOptions = action ? action.routes : consoleRoutes;
    return fc
      .record({
        path: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...pathOptions).chain((route) => fillRoute(route, fixture)) },
          { weight: 2, arbitrary: fc.constantFrom(...consoleRoutes).chain((route) => fillRoute(route, fixture)) },
          { weight: 1, arbitrary: otherPaths },
        ),
        query: fc.oneof({ weight: 5, arbitrary: fc.constant("") }, { weight: 1, arbitrary: queryString }),
        body: actionBody(actionArguments(name, fixture)),
        origin: originOf(fixture),
        host: hostHeaders,
        session: SESSION_ENDING_ACTIONS.has(name)
          ? fc.constantFrom<PageSession>("none", "forged")
          : sessionOf({ none: 2 }),
      })
      .map(({ path, query, body: [bodyVariant, contentType, body], origin, host, session }): PageCase => ({
        shape: "action call",
        route: `action ${label}`,
        variant: [bodyVariant, origin[0], host[0], session].filter(Boolean).join(", "),
        method: "POST",
        path: path + query,
        headers: {
          accept: "text/x-component",
          "next-action": id,
          ...(contentType ? { "content-type": contentType } : {}),
          ...(origin[1] ? { origin: origin[1] } : {}),
          ...host[1],
          ...sessionHeaders(session, fixture),
        },
        body,
        session,
        action: { name: action?.name ?? label, needsSession: !SIGNED_OUT_ACTIONS.has(name) },
      }));
  });
}

/** A console form posted as a browser without script posts it: the action named in hidden fields. */
function scriptlessFormCase(fixture: PageFuzzFixture): fc.Arbitrary<PageCase> {
  const consoleRoutes = fixture.routes.filter((route) => route.startsWith("/console") && !route.endsWith(".csv"));
  return fc
    .record({
      action: fc.constantFrom(...fixture.actions),
      unknownId: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{42}$/) },
      ),
      route: fc.constantFrom(...consoleRoutes),
      style: fc.constantFrom("$ACTION_ID", "$ACTION_REF"),
      bound: fc.oneof(fc.constant(undefined), hostileValue, fc.constantFrom(...Object.values(fixture.setupLinks))),
      reference: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileText }),
      fields: formArgument(fixture, Object.values(ACTION_FIELDS).flat()),
      encoding: fc.constantFrom("multipart", "urlencoded", "broken"),
      origin: originOf(fixture),
      host: hostHeaders,
      session: sessionOf({ none: 2 }),
    })
    .chain((c) =>
      fillRoute(c.action.routes.includes(c.route) ? c.route : c.action.routes[0], fixture).chain((path) => {
        const id = c.unknownId ?? c.action.id;
        const hidden: [string, string][] =
          c.style === "$ACTION_ID"
            ? [[`$ACTION_ID_${id}`, ""]]
            : [
                ["$ACTION_REF_1", ""],
                ["$ACTION_1:0", c.reference ?? JSON.stringify({ id, bound: "$@1" })],
                ["$ACTION_1:1", JSON.stringify([c.bound ?? { status: "idle" }])],
                ["$ACTION_KEY", "k0123456789abcdef0123456789abcdef"],
              ];
        const fields = [...hidden, ...c.fields.fields];
        const body: fc.Arbitrary<[string, string, string]> =
          c.encoding === "multipart"
            ? fc.constant(["multipart", "multipart/form-data; boundary=----F", multipartBody(fields, "----F")])
            : c.encoding === "urlencoded"
              ? fc.constant(["urlencoded", "application/x-www-form-urlencoded", query(fields)])
              : brokenMultipart(fields);
        return body.map(([variant, contentType, text]): PageCase => ({
          shape: "form without script",
          route: `form ${c.unknownId ? "(unknown id)" : c.action.name}`,
          variant: [
            c.style,
            variant,
            c.reference !== undefined && "hostile reference",
            c.origin[0],
            c.host[0],
            c.session,
          ]
            .filter(Boolean)
            .join(", "),
          method: "POST",
          path,
          headers: {
            "content-type": contentType,
            ...(c.origin[1] ? { origin: c.origin[1] } : {}),
            ...c.host[1],
            ...sessionHeaders(c.session, fixture),
          },
          body: text,
          session: c.session,
          action: { name: c.action.name, needsSession: !SIGNED_OUT_ACTIONS.has(c.action.name) },
        }));
      }),
    );
}

const HOSTED_FIELDS = [
  "name",
  "email",
  "cpf",
  "amount",
  "paymentMethod",
  "decision",
  "banco",
  "participante",
  "q",
  "lang",
];

function hostedFormCase(fixture: PageFuzzFixture): fc.Arbitrary<PageCase> {
  const usual = fc.constantFrom(
    "529.982.247-25",
    "10,50",
    "0,01",
    "pix",
    "bank",
    "authorize",
    "decline",
    "nubank",
    "Maria",
    "maria@example.com",
  );
  return fc
    .record({
      route: fc.constantFrom("/pay/[token]", "/pay/[token]/pix", "/pay/[token]/autorizar"),
      query: fc.oneof(
        { weight: 4, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: queryString },
        { weight: 1, arbitrary: fc.constantFrom("?banco=nubank", "?banco=nubank&tentativa=ini_x", "?lang=en") },
      ),
      fields: fc.array(
        fc.tuple(
          fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...HOSTED_FIELDS) }, { weight: 1, arbitrary: hostileText }),
          fc.oneof({ weight: 2, arbitrary: usual }, { weight: 3, arbitrary: fieldValue }),
        ),
        { maxLength: 6 },
      ),
      encoding: fc.oneof(
        { weight: 5, arbitrary: fc.constant("urlencoded") },
        { weight: 2, arbitrary: fc.constant("multipart") },
        { weight: 2, arbitrary: fc.constant("broken") },
        { weight: 1, arbitrary: fc.constant("garbage") },
        { weight: 1, arbitrary: fc.constant("over 1 MB") },
      ),
      garbageType: fc.constantFrom(...TEXT_CONTENT_TYPES),
      origin: originOf(fixture),
      host: hostHeaders,
      session: sessionOf({ none: 8 }),
    })
    .chain((c) =>
      fillRoute(c.route, fixture).chain((path) => {
        const body: fc.Arbitrary<[string, string, string]> =
          c.encoding === "urlencoded"
            ? fc.constant(["urlencoded", "application/x-www-form-urlencoded", query(c.fields)])
            : c.encoding === "multipart"
              ? fc.constant(["multipart", "multipart/form-data; boundary=----H", multipartBody(c.fields, "----H")])
              : c.encoding === "broken"
                ? brokenMultipart(c.fields)
                : c.encoding === "garbage"
                  ? fc.constant([`not a form under ${c.garbageType || "no content type"}`, c.garbageType, "{{{ \u0000"])
                  : fc.constant(["over 1 MB", "application/x-www-form-urlencoded", `name=${overOneMegabyte}`]);
        return body.map(([variant, contentType, text]): PageCase => ({
          shape: "hosted form",
          route: `POST ${c.route}`,
          variant: [variant, c.origin[0], c.host[0], c.session].filter(Boolean).join(", "),
          method: "POST",
          path: path + c.query,
          headers: {
            ...(contentType ? { "content-type": contentType } : {}),
            ...(c.origin[1] ? { origin: c.origin[1] } : {}),
            ...c.host[1],
            ...sessionHeaders(c.session, fixture),
          },
          body: text,
          session: c.session,
          isHostedForm: true,
        }));
      }),
    );
}

/**
 * Node's own parser answers a request line holding a raw byte past ASCII with a bare 400 and
 * closes the connection: while a large body is still being written, the client sees the reset,
 * not the 400. Such a path goes with small bodies only.
 */
const isResetByNode = (fuzz: PageCase) =>
  /[^\x21-\x7e]/.test(fuzz.path) &&
  fuzz.body !== undefined &&
  (fuzz.body.includes(overOneMegabyte) || fuzz.body.length > 64 * 1024);

/** The generated cases: page requests, action calls, forms without script and hosted forms. */
export function pageFuzzCase(fixture: PageFuzzFixture): fc.Arbitrary<PageCase> {
  return fc
    .oneof(
      { weight: 4, arbitrary: pageRequestCase(fixture) },
      { weight: 5, arbitrary: actionCallCase(fixture) },
      { weight: 1, arbitrary: scriptlessFormCase(fixture) },
      { weight: 2, arbitrary: hostedFormCase(fixture) },
    )
    .filter((fuzz) => !isResetByNode(fuzz));
}

/** The shapes issue 25 names, by the names the reports and the tests give them. */
export const NAMED_PAGE_SHAPES = {
  hostMismatch: "host/origin mismatch",
  brokenMultipart: "broken multipart, with or without Next-Action, including unknown /api/* paths",
  nonJsonBody: "non-JSON action body under a non-text/plain content type",
  wrongArguments: "wrong-typed or 5,000-deep arguments to skipTotp, savePassword, enrolTotp, switchConsoleLanguage",
  spentSetupLink: "skipTotp on a used, expired or operator's setup link",
  propfind: "PROPFIND //",
  nulFilter: "a NUL in the console's filters",
  favicon: "/favicon.ico",
} as const;

/** The shapes the issue names, each as fixed cases (the review's 500s and 408s). */
export function namedPageCases(fixture: PageFuzzFixture): PageCase[] {
  const id = (name: string) => {
    const action = fixture.actions.find((candidate) => candidate.name === name);
    if (!action) throw new Error(`the build has no server action ${name}`);
    return action.id;
  };
  const cases: PageCase[] = [];
  const add = (shape: string, partial: Omit<PageCase, "shape" | "session"> & { session?: PageSession }) =>
    cases.push({
      shape,
      ...partial,
      session: partial.session ?? "none",
      headers: { ...partial.headers, ...sessionHeaders(partial.session ?? "none", fixture) },
    });
  const call = (
    shape: string,
    name: string,
    path: string,
    contentType: string,
    body: string,
    extra: { variant: string; headers?: Record<string, string>; session?: PageSession },
  ) =>
    add(shape, {
      route: `action ${name}`,
      variant: extra.variant,
      method: "POST",
      path,
      headers: {
        accept: "text/x-component",
        "next-action": id(name),
        ...(contentType ? { "content-type": contentType } : {}),
        origin: fixture.baseUrl,
        ...extra.headers,
      },
      body,
      session: extra.session,
      action: { name, needsSession: !SIGNED_OUT_ACTIONS.has(name) },
    });
  const setup = (token: string) => `/console/setup/${token}`;
  const [payToken] = fixture.payTokens;

  const mismatch = NAMED_PAGE_SHAPES.hostMismatch;
  for (const [variant, headers] of [
    ["Host differs from an Origin equal to PUBLIC_BASE_URL", { host: FOREIGN_HOST }],
    ["X-Forwarded-Host differs from an Origin equal to PUBLIC_BASE_URL", { "x-forwarded-host": FOREIGN_HOST }],
    ["Host and X-Forwarded-Host differ", { host: FOREIGN_HOST, "x-forwarded-host": FOREIGN_HOST }],
  ] as const) {
    const form = encodeActionArguments([{ status: "idle" }, new FormFields([["email", "a@example.com"]])]);
    call(mismatch, "logIn", "/console/login", form.contentType, form.body, { variant, headers });
    call(mismatch, "switchConsoleLanguage", "/console", "text/plain;charset=UTF-8", "[]", { variant, headers });
    call(mismatch, "createKeyAction", "/console/keys", "text/plain;charset=UTF-8", "[]", {
      variant,
      headers,
      session: "operator",
    });
    add(mismatch, {
      route: "POST /pay/[token]",
      variant,
      method: "POST",
      path: `/pay/${payToken}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: fixture.baseUrl, ...headers },
      body: "cpf=52998224725",
      isHostedForm: true,
    });
  }

  const multipart = NAMED_PAGE_SHAPES.brokenMultipart;
  const broken: [string, string, string][] = [
    ["truncated", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]'],
    ["a part cut in its headers", "multipart/form-data; boundary=x", "--x\r\nContent-Disp"],
    ["no boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--x--\r\n'],
    ["not multipart at all", "multipart/form-data; boundary=x", "{{{"],
  ];
  for (const path of ["/console/login", "/console", `/pay/${payToken}`, "/api/nowhere", "/api/pix", "/api/zzz/yyy"])
    for (const withAction of [true, false])
      for (const [variant, contentType, body] of broken)
        add(multipart, {
          route: `POST ${path.replace(payToken, "[token]")}`,
          variant: `${variant}, ${withAction ? "with" : "without"} Next-Action`,
          method: "POST",
          path,
          headers: {
            "content-type": contentType,
            origin: fixture.baseUrl,
            ...(withAction ? { "next-action": id("logIn") } : {}),
          },
          body,
          ...(withAction ? { action: { name: "logIn", needsSession: false } } : {}),
          ...(path.startsWith("/pay/") ? { isHostedForm: true } : {}),
        });

  const nonJson = NAMED_PAGE_SHAPES.nonJsonBody;
  for (const name of ["logIn", "switchConsoleLanguage", "skipTotp"])
    for (const contentType of ["application/json", "application/x-www-form-urlencoded", "application/octet-stream", ""])
      call(
        nonJson,
        name,
        name === "skipTotp" ? setup(fixture.setupLinks.skippable) : "/console/login",
        contentType,
        "{{{ not json",
        {
          variant: `under ${contentType || "no content type"}`,
        },
      );

  const wrongArguments = NAMED_PAGE_SHAPES.wrongArguments;
  const deep = new Nested(5000);
  const token = fixture.setupLinks.skippable;
  for (const name of ["skipTotp", "savePassword", "enrolTotp", "switchConsoleLanguage"]) {
    const path = name === "switchConsoleLanguage" ? "/console/login" : setup(token);
    const variants: [string, unknown[]][] = [
      ["a number", [123]],
      ["null", [null]],
      ["an object", [{ token }]],
      ["nothing", []],
      ["5,000 deep", [deep]],
      ["5,000 deep after the token", [token, deep, deep]],
      ["text where the form goes", [token, { status: "idle" }, "password=x"]],
      [
        "a form of 5,000-deep fields",
        [
          token,
          { status: "idle" },
          new FormFields([
            ["password", fieldText(deep)],
            ["confirmation", fieldText(deep)],
            ["code", fieldText(deep)],
            ["lang", fieldText(deep)],
          ]),
        ],
      ],
    ];
    for (const [variant, args] of variants) {
      const { contentType, body } = encodeActionArguments(args);
      call(wrongArguments, name, path, contentType, body, { variant });
    }
  }

  const usedLinks = NAMED_PAGE_SHAPES.spentSetupLink;
  for (const [variant, link] of [
    ["used link", fixture.setupLinks.used],
    ["expired link", fixture.setupLinks.expired],
    ["operator's link", fixture.setupLinks.operator],
    ["unknown link", "A".repeat(43)],
  ] as const)
    for (const session of ["none", "merchant-admin"] as const) {
      // What the page's "continue without authenticator" sends: the link's token, the state, the form.
      const { contentType, body } = encodeActionArguments([link, { status: "idle" }, new FormFields([])]);
      call(usedLinks, "skipTotp", setup(link), contentType, body, { variant: `${variant}, ${session}`, session });
    }

  for (const path of ["//", "//evil.example/api/pix", "/a//b", "//console"])
    add(NAMED_PAGE_SHAPES.propfind, {
      route: `PROPFIND ${path}`,
      variant: path,
      method: "PROPFIND",
      path,
      headers: {},
    });

  const nul = NAMED_PAGE_SHAPES.nulFilter;
  for (const session of ["operator", "merchant-viewer"] as const)
    for (const [route, key] of [
      ["/console/transactions", "q"],
      ["/console/transactions", "merchant"],
      ["/console/transactions/export.csv", "q"],
      ["/console/audit", "actor"],
      ["/console/audit", "action"],
      ["/console/audit/export.csv", "actor"],
      ["/console/audit/export.csv", "action"],
      ["/console/balance", "merchant"],
      ["/console/balance/export.csv", "merchant"],
      ["/console/payouts", "merchant"],
      ["/console", "merchant"],
    ])
      for (const value of ["%00", "a%00b"])
        add(nul, {
          route: `GET ${route}`,
          variant: `${key}=${value}, ${session}`,
          method: "GET",
          path: `${route}?${key}=${value}`,
          headers: {},
          session,
        });

  for (const method of ["GET", "HEAD", "POST", "PROPFIND"])
    add(NAMED_PAGE_SHAPES.favicon, {
      route: `${method} /favicon.ico`,
      variant: method,
      method,
      path: method === "GET" ? "/favicon.ico?v=%00" : "/favicon.ico",
      headers: method === "POST" ? { "content-type": "multipart/form-data; boundary=x", origin: fixture.baseUrl } : {},
      body: method === "POST" ? "--x\r\nbroken" : undefined,
    });
  return cases;
}
