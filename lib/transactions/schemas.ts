import { z } from "zod";

const identifier = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");

/** POST /api/status: exactly one of id, transfer_id or reference. */
export const statusQuerySchema = z
  .object({ id: identifier.optional(), transfer_id: identifier.optional(), reference: identifier.optional() })
  .refine((q) => [q.id, q.transfer_id, q.reference].filter((v) => v !== undefined).length === 1, {
    message: "send exactly one of id, transfer_id or reference",
    path: ["id"],
  });

export type StatusQuery = z.infer<typeof statusQuerySchema>;
