import { withEnvelope } from "@/lib/envelope/with-envelope";
import { eventListQuerySchema } from "@/lib/reads/schemas";
import { listEvents } from "@/lib/reads/list-events";

// POST /api/events - callback events of the key's mode with their attempts, newest first, filtered and paged
export const POST = withEnvelope("events", eventListQuerySchema, ({ merchant, data }) =>
  listEvents({ merchant, data }),
);
