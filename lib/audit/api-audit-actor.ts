import type { AuditActor } from "./record-audit-event";

/** A merchant's API key as the audit log names it, when a signed request changes something the console also can. */
export function apiAuditActor(keyId: string): AuditActor {
  return { userId: null, email: `api:${keyId}`, role: "api", sessionId: null };
}
