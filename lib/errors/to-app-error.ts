import { ZodError } from "zod";
import { AppError, type FieldError, isAppError } from "./app-error";

/** What the gateway refuses on purpose, as an AppError: its own, or a schema's (422 with fields). Null for anything else. */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  // zod 4 answers instanceof by its own brand (Symbol.hasInstance), so every copy of it agrees.
  if (error instanceof ZodError) {
    const fields: FieldError[] = error.issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "data",
      message: issue.message,
    }));
    return new AppError("validation_failed", fields.map((f) => `${f.path}: ${f.message}`).join("; "), fields);
  }
  return null;
}
