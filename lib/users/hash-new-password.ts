import { AppError } from "../errors/app-error";
import { hashPassword } from "./password-hash";
import { consolePasswordSchema } from "./schemas";

/** A password chosen on a form (a setup link's or a reset link's), typed twice: its hash, or the field at fault. */
export async function hashNewPassword(input: { password: string; confirmation: string }): Promise<string> {
  const password = consolePasswordSchema.parse(input.password);
  if (input.confirmation !== password)
    throw new AppError("validation_failed", "confirmation: does not match the password", [
      { path: "confirmation", message: "does not match the password" },
    ]);
  return hashPassword(password);
}
