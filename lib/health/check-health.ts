// GET /api/health's answer, for load balancers: up when the database answers.
import { pingDatabase } from "../db/ping";

export type Health = { isUp: boolean; body: { status: "ok" | "unavailable"; database: "up" | "down" } };

export async function checkHealth(): Promise<Health> {
  const isUp = await pingDatabase();
  return { isUp, body: { status: isUp ? "ok" : "unavailable", database: isUp ? "up" : "down" } };
}
