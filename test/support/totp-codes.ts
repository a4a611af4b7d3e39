// Sign-in refuses a TOTP code of a time step that already signed in (RFC 6238 section 5.2) and
// accepts one step either side of now. Tests that sign one user in several times within 30 s take
// the next step's code, and wait for the clock once that one is used too.
import { generateSync } from "otplib";

const STEP_MS = 30_000;
const lastStepBySecret = new Map<string, number>();

/** A code the gateway accepts now for the secret and has not seen sign in from this process. */
export async function freshTotpCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  const used = lastStepBySecret.get(secret);
  if (used !== undefined && used >= step) {
    // The next step's code is accepted a step early; past that, wait until it is the current one.
    if (used > step) await new Promise((resolve) => setTimeout(resolve, used * STEP_MS - Date.now() + 100));
    step = used + 1;
  }
  lastStepBySecret.set(secret, step);
  return generateSync({ secret, epoch: (step * STEP_MS) / 1000 });
}
