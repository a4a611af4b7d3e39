import { createHash } from "node:crypto";

function canonical(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * A fingerprint of an operation's validated request: "10.50" and 10.5, or a cpf with and without
 * punctuation, are the same request; any other difference is not.
 */
export function hashRequest(operation: string, request: Record<string, unknown>): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical({ operation, request })))
    .digest("hex");
}
