// The journey verifiedApproval.spec.ts runs at 1280 and at 360 px: 'Approva' opens a
// preview of what goes public, the server refuses it until the verification call is recorded as passed, the
// admin records it in the same dialog and approves; then 'Pagamenti' reminds the psychic, not yet onboarded,
// to finish Stripe's onboarding (one a day). The page is the demo admin's, at the project's size.
import type { Page } from "@playwright/test";
import { runInternal } from "./env";
import { expect, expectAccessible, expectRefusals } from "./fixtures";

export async function approveWithVerificationAndRemind(admin: Page, consoleErrors: string[], psychicName: string) {
  // A psychic of its own waiting for review (the demo's Vega stays for people trying the product).
  await runInternal("demoScenes:pendingPsychic", { psychicName });
  await admin.goto("/admin-dashboard?tab=cartomanti");
  await admin.getByRole("article", { name: `Profilo di ${psychicName}` }).getByRole("button", { name: "Approva" }).click();

  const dialog = admin.getByRole("dialog", { name: `Approva il profilo di ${psychicName}` });
  const preview = dialog.getByRole("region", { name: "Anteprima del profilo pubblico" });
  await expect(preview).toContainText(psychicName);
  await expect(preview).toContainText("Leggo le Sibille e le rune");
  await expect(preview).toContainText(/30 minuti\s*40,00\s€/);
  await expect(preview).toContainText(/60 minuti\s*70,00\s€/);
  await expect(dialog).toContainText("La chiamata di verifica non risulta fatta");
  await expectAccessible(admin, "the approval dialog");

  // Refused by the server without the verification call.
  await dialog.getByRole("button", { name: "Conferma e approva" }).click();
  await expect(dialog.getByRole("alert")).toContainText("la chiamata di verifica non risulta fatta con esito positivo");
  expectRefusals(consoleErrors, ["VERIFICATION_CALL_REQUIRED"]);
  await expectAccessible(admin, "the approval refused");

  // Recorded here: who (the admin), when (now), the outcome and a note.
  await dialog.getByRole("radio", { name: /Superata/ }).click();
  await dialog.getByLabel("Nota (facoltativa)").fill("Documento e referenze confermati.");
  await dialog.getByRole("button", { name: "Registra la chiamata" }).click();
  await expect(dialog.getByText(/Registrata il .+: superata\. Nota: Documento e referenze confermati\./)).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expectAccessible(admin, "the verification call recorded");

  await dialog.getByRole("button", { name: "Conferma e approva" }).click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Profilo approvato" })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // 'Pagamenti': nothing waits for the new psychic yet, and the reminder goes once.
  await admin.goto("/admin-dashboard?tab=pagamenti");
  const row = admin
    .getByRole("table", { name: "Cartomanti e stato dei pagamenti" })
    .getByRole("row", { name: new RegExp(`${psychicName} Prova`) });
  await expect(row).toContainText("Non iniziato");
  await expect(row).toContainText(/0,00\s€/);
  await row.getByRole("button", { name: `Invia un promemoria a ${psychicName} Prova` }).click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Promemoria inviato" })).toBeVisible();
  await expect(row).toContainText("Promemoria inviato: il prossimo dal");
  await expectAccessible(admin, "the reminder sent");
}
