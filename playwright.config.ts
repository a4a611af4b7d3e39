import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR, e2eServerEnv } from "./e2e/environment";

// Debian's chromium by default (no browser download here); PLAYWRIGHT_BUNDLED_BROWSER=1 uses
// Playwright's own where one is installed.
const useBundledBrowser = process.env.PLAYWRIGHT_BUNDLED_BROWSER === "1";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  // npm test runs the vitest suites beside these on two cores: a test is given time for that
  // (a console walk with axe on each page took over 60 s on a loaded machine), and the speed goals
  // are measured under bench/, not here.
  timeout: 120_000,
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    locale: "pt-BR",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: useBundledBrowser ? undefined : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium-390", use: { browserName: "chromium" } }],
  webServer: {
    // `npm start`'s script: the build's primary, on plain node (scripts/test.ts builds first).
    command: `rm -rf "${E2E_DATA_DIR}" && node scripts/npm-start.mjs`,
    url: `${E2E_BASE_URL}/api/health`,
    env: e2eServerEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
  },
});
