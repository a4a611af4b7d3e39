import { hostedRoute } from "@/lib/hosted/hosted-route";

// /pay/{token}/anything-else - no such step: the hosted 404, in the customer's language, not Next.js's
export const GET = hostedRoute(async () => null);
