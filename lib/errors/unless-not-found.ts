import { toAppError } from "./to-app-error";

/** What the operation found, or null when it refused with not_found (a link that does not work); other failures go on. */
export async function unlessNotFound<T>(operation: Promise<T>): Promise<T | null> {
  try {
    return await operation;
  } catch (error) {
    if (toAppError(error)?.code === "not_found") return null;
    throw error;
  }
}
