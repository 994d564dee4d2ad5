// The consent at checkout on the booking page (src/features/booking/CheckoutConsent.tsx): 'Paga e prenota'
// waits for the tick, so every spec that pays through the page ticks it first.
import type { Page } from "@playwright/test";

export const consentBox = (page: Page) => page.getByRole("checkbox", { name: /Chiedo che il consulto si svolga nella data e all'ora scelte/ });

export async function tickCheckoutConsent(page: Page) {
  await consentBox(page).check();
}
