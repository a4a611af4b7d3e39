// Runs in every integration test file's worker before its tests: points the process at a fresh
// database with migrations applied, and removes it afterwards.
import { afterAll } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { createTestDatabase } from "./test-database";

const provider = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
const database = await createTestDatabase(provider);
process.env.DATABASE_URL = database.url;
// A fixed key keeps tests away from the developer's data/encryption.key.
process.env.CASHIER_ENCRYPTION_KEY = "a".repeat(64);

afterAll(async () => {
  await disconnectDb();
  await database.drop();
});
