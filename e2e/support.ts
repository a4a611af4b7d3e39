import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { e2eServerEnv } from "./environment";

const root = path.resolve(import.meta.dirname, "..");

export type Merchant = { merchantId: string; keyId: string; secret: string };

/** Runs an operator command (`npm run cashier -- …`) against the server's database. */
export function cashier(...args: string[]): string {
  return execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/cashier.ts"), ...args], {
    cwd: root,
    env: { ...process.env, ...e2eServerEnv },
    encoding: "utf8",
  });
}

/** `npm run sign -- '<data>'`: a token for the demo merchant that `npm start` seeded. */
export function signAsDemo(data: unknown): string {
  return execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/sign.ts"), JSON.stringify(data)], {
    cwd: root,
    env: { ...process.env, ...e2eServerEnv },
    encoding: "utf8",
  }).trim();
}

/** A full-page screenshot kept in the test's output folder and attached to its report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** True when the page needs no sideways scrolling at the viewport's width. */
export function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
