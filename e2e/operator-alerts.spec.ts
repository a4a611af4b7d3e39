// The overview's alerts in Chromium at 390 px: an operator sees money the PSP moved on its own (a
// MED claw-back booked against a merchant) with its amount and deposit, resolves it in two steps,
// and the resolution is audited; a merchant admin never sees the section. Screenshots are kept.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { newSignedInPage } from "./console-support";
import { e2eServerEnv } from "./environment";
import { cashier, expectAccessible, fitsViewport, keepScreenshot } from "./support";

const root = path.resolve(import.meta.dirname, "..");

function raiseAlert(alert: Record<string, unknown>): void {
  execFileSync(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "test/support/raise-alert-process.ts"), JSON.stringify(alert)],
    {
      cwd: root,
      env: { ...process.env, ...e2eServerEnv },
    },
  );
}

test("an operator sees a MED claw-back on the overview and resolves it; a merchant admin sees no alerts", async ({
  browser,
}, testInfo) => {
  const subject = `E99999997202611241200${Date.now().toString(36).padStart(11, "0")}/PSPmed1`;
  raiseAlert({
    kind: "provider_refund",
    subject,
    objectId: "rfd_e2ealert0000000000001",
    amountCents: "6000",
    message:
      "the PSP returned 60.00 BRL of deposit dep_e2e on its own (med_fraud); refund rfd_e2ealert0000000000001 debited the merchant",
  });
  // Beside it, one whose words do not break: the cards still fit a phone.
  raiseAlert({
    kind: "unreadable_answer",
    subject: `dep_e2elongword${Date.now().toString(36)}`,
    message:
      "deposit dep_e2elongword is past its deadline and the PSP's answer about its charge cannot be used: the PSP refused the connection (GET /v2/cob/VWXKADACF1UBZSVITEGCJEYQG1LP44CL)",
  });
  const page = await newSignedInPage(browser, { width: 390, height: 844 }, "operator");
  await page.goto("/console");
  const section = page.getByRole("region", { name: /Alertas para o operador/ });
  await expect(section).toBeVisible();
  const row = section.getByRole("listitem").filter({ hasText: "rfd_e2ealert0000000000001" });
  await expect(row).toContainText("Devolvido pelo PSP (MED ou portal)");
  await expect(row).toContainText("R$ 60,00");
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  await keepScreenshot(page, testInfo, "overview-alerts-390");

  await row.getByRole("button", { name: "Marcar como resolvido" }).click();
  await row.getByRole("button", { name: "Confirmar: resolvido" }).click();
  await expect(page.getByText("Alerta resolvido.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "rfd_e2ealert0000000000001" })).toHaveCount(0);

  await page.goto("/console/audit");
  await expect(
    page.getByRole("row").filter({ hasText: "Alerta resolvido" }).filter({ hasText: "PSPmed1" }),
  ).toHaveCount(1);

  const { merchantId } = JSON.parse(cashier("merchant", "create", "--name", "Loja Alerta")) as { merchantId: string };
  const merchantPage = await newSignedInPage(browser, { width: 390, height: 844 }, "merchant-admin", merchantId);
  await merchantPage.goto("/console");
  await expect(merchantPage.getByRole("region", { name: /Alertas/ })).toHaveCount(0);
});
