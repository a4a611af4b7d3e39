// The console's requests meet their session here: a session cookie becomes an Actor, or the login
// page carrying the path asked for (return-path keeps it only as a same-origin /console path, read
// from proxy.ts's x-console-path). A refusal a page, export or action answers (refuse-page,
// with-console-route, refuse-action) is recorded first by record-access-denied, since only the
// answering side knows who asked for what.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { findConsoleSession } from "../sessions/find-console-session";
import type { Actor } from "../access/actor";
import { CONSOLE_PATH_HEADER, loginPathFor } from "./return-path";
import { SESSION_COOKIE } from "./session-cookie";

/** The client address npm start's server resolved (trusted proxies applied), for the audit log. */
export async function consoleClientIp(): Promise<string | null> {
  return (await headers()).get(CLIENT_IP_HEADER);
}

/** The signed-in console user, or null (the layout, which also frames the login page). */
export async function findActor(): Promise<Actor | null> {
  return findConsoleSession((await cookies()).get(SESSION_COOKIE)?.value, await consoleClientIp());
}

/**
 * The signed-in console user, for server components, server actions and console routes. Without
 * a live session (none, expired, revoked, user disabled) the browser goes to the login page,
 * which returns it to the page it asked for once signed in.
 */
export async function requireActor(): Promise<Actor> {
  const actor = await findActor();
  if (!actor) redirect(loginPathFor((await headers()).get(CONSOLE_PATH_HEADER)));
  return actor;
}
