// Sign-in refuses a TOTP code of a time step that already signed in (RFC 6238 section 5.2) and
// accepts one step either side of now. Tests that sign one user in several times within 30 s take
// the next step's code; once that one is used too, there is none until the clock moves on.
import { generateSync } from "otplib";

const STEP_MS = 30_000;
const lastStepBySecret = new Map<string, number>();

/** A code the gateway accepts now and has not seen sign in from this process, or null for now. */
export function freshTotpCode(secret: string): string | null {
  const now = Math.floor(Date.now() / STEP_MS);
  const used = lastStepBySecret.get(secret);
  const step = used === undefined || used < now ? now : used + 1;
  // More than a step ahead is refused.
  if (step > now + 1) return null;
  lastStepBySecret.set(secret, step);
  return generateSync({ secret, epoch: (step * STEP_MS) / 1000 });
}

/** Until the next time step begins (when freshTotpCode has a code again). */
export function waitForNextTotpStep(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 100));
}

/**
 * Six-digit codes the gateway refuses for this secret over the next few minutes (none of them the
 * code of a step from two minutes ago to five minutes ahead): an attacker's guesses.
 */
export function wrongTotpCodes(secret: string, count: number): string[] {
  const now = Math.floor(Date.now() / STEP_MS);
  const valid = new Set<string>();
  for (let step = now - 4; step <= now + 10; step++)
    valid.add(generateSync({ secret, epoch: (step * STEP_MS) / 1000 }));
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const code = String((n * 7_919 + 104_729) % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) codes.push(code);
  }
  return codes;
}
