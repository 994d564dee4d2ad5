// The client's fiscal document for a consultation (convex/model/receipts.ts): the service named with its length
// and type, the stamp duty strictly above 77,47 € on documents without VAT, the VAT inside an ordinary-regime
// price to the cent, each regime's wording, and numbers per series and year.
import { describe, expect, it } from "vitest";
import {
  documentNumber,
  documentTitles,
  receiptLines,
  regimeWording,
  serviceDescription,
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  STAMP_DUTY_WORDING,
  stampDutyDue,
  VAT_PERCENT,
  vatInside,
} from "../../../convex/model/receipts";

describe("what the document says", () => {
  it("names the service with its length and type", () => {
    expect(serviceDescription(30, "voice")).toBe("Consulto di cartomanzia, 30 minuti, vocale");
    expect(serviceDescription(60, "chat")).toBe("Consulto di cartomanzia, 60 minuti, in chat");
  });

  it("carries each regime's words and title", () => {
    expect(regimeWording.occasional).toContain("art. 5 del D.P.R. 633/1972");
    expect(regimeWording.forfettario).toContain("Legge n. 190/2014");
    expect(regimeWording.ordinario).toContain(`IVA al ${VAT_PERCENT}%`);
    expect(documentTitles.occasional.document).toBe("Ricevuta per prestazione occasionale");
  });
});

describe("the stamp duty", () => {
  it("is due strictly above 77,47 € on a document without VAT, never in the ordinary regime", () => {
    expect(STAMP_DUTY_CENTS).toBe(200);
    expect(stampDutyDue("occasional", STAMP_DUTY_THRESHOLD_CENTS)).toBe(false);
    expect(stampDutyDue("occasional", STAMP_DUTY_THRESHOLD_CENTS + 1)).toBe(true);
    expect(stampDutyDue("forfettario", 8000)).toBe(true);
    expect(stampDutyDue("ordinario", 20000)).toBe(false);
    expect(STAMP_DUTY_WORDING).toBe(
      "Imposta di bollo di 2,00\u00a0€ assolta sull'originale (importo superiore a 77,47\u00a0€, art. 13 della Tariffa allegata al D.P.R. 642/1972).",
    );
  });
});

describe("the VAT inside an ordinary-regime price", () => {
  it("splits every price to the cent, net and VAT adding up to the price", () => {
    for (let gross = 1000; gross <= 20000; gross += 500) {
      const { netCents, vatCents } = vatInside("ordinario", gross);
      expect(netCents + vatCents).toBe(gross);
      expect(Math.abs(netCents * (1 + VAT_PERCENT / 100) - gross)).toBeLessThanOrEqual(1);
    }
    expect(vatInside("ordinario", 4500)).toEqual({ netCents: 3689, vatCents: 811 });
    expect(vatInside("occasional", 4500)).toEqual({ netCents: 4500, vatCents: 0 });
  });
});

describe("the lines and the numbers", () => {
  it("puts the amount, the VAT, the wording and the duty together", () => {
    expect(receiptLines({ regime: "occasional", amountCents: 8500, durationMinutes: 60, consultationType: "voice" })).toEqual({
      description: "Consulto di cartomanzia, 60 minuti, vocale",
      amountCents: 8500,
      netCents: 8500,
      vatCents: 0,
      wording: regimeWording.occasional,
      stampDuty: STAMP_DUTY_WORDING,
    });
    expect(receiptLines({ regime: "ordinario", amountCents: 4500, durationMinutes: 30, consultationType: "chat" })).toMatchObject({ stampDuty: null, vatCents: 811 });
  });

  it("numbers each series per year from 1", () => {
    expect(documentNumber("R", 2026, 7)).toBe("R2026/0007");
    expect(documentNumber("NC", 2027, 1)).toBe("NC2027/0001");
    expect(() => documentNumber("R", 2026, 0)).toThrow();
  });
});
