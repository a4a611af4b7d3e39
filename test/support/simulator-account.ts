// What integration tests of provider accounts share: the simulator as `provider add` takes it, and
// waiting for what a user would see after the simulator's webhook (which comes a moment after its
// answer).
import { readFileSync } from "node:fs";
import type { PspSimulator } from "../psp-simulator/start-psp-simulator";

const pem = (file: string) => readFileSync(file, "utf8");

/** The simulator as an operator adds it: an Efí account's base URL is the host (its API Pix under /v2). */
export function simulatorAccountInput(simulator: PspSimulator, kind: "api_pix" | "efi", label = `${kind} simulator`) {
  return {
    kind,
    label,
    url: kind === "efi" ? simulator.url.replace(/\/v2$/, "") : simulator.url,
    ...(kind === "api_pix" ? { tokenUrl: simulator.tokenUrl } : {}),
    clientId: simulator.clientId,
    clientSecret: simulator.clientSecret ?? undefined,
    certPem: pem(simulator.certFile),
    keyPem: pem(simulator.keyFile),
    caPem: pem(simulator.caFile),
    pixKey: simulator.chave,
  };
}

/** Reads until `isDone` holds, for up to 10 s. */
export async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? String(v) : v))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
