// The pages anyone opens without a payment or a session: home, the merchants' docs and the hosted
// help page, with the phone in light and in dark mode: axe finds nothing serious or critical, and
// every visible text is at 4.5:1 against the background it is drawn on. The payment's own steps
// are checked in both modes where they are walked (customer-experience.spec.ts), the console's in
// console-pages.spec.ts.
import { expect, test } from "@playwright/test";
import { findLowContrastText } from "./page-checks";
import { expectAccessible, keepScreenshot } from "./support";

// /docs is long: axe twice and the measure twice take minutes on a busy machine.
test.describe.configure({ timeout: 180_000 });

const pages = [
  { name: "home", path: "/" },
  { name: "docs", path: "/docs" },
  { name: "docs-errors", path: "/docs/errors" },
  { name: "help", path: "/pay/ajuda" },
];

for (const { name, path } of pages) {
  test(`${name}: axe and text contrast in light and dark`, async ({ page }, testInfo) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await keepScreenshot(page, testInfo, `${name}-${scheme}`);
      expect(await findLowContrastText(page), `${name} in ${scheme} mode`).toEqual([]);
      await expectAccessible(page);
    }
  });
}
