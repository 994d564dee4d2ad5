// The readable file of 'Scarica i tuoi dati': stored values in Italian words.
import { describe, expect, it } from "vitest";
import { EXPORT_SOURCES, buildExport } from "../../../convex/model/dataExport";
import { readableValue, renderExportHtml } from "../../../convex/model/dataExportHtml";

describe("the readable file", () => {
  const source = EXPORT_SOURCES.find((candidate) => candidate.section === "consultiRicevuti")!;
  const now = Date.UTC(2026, 10, 26, 23, 30);

  it("reads instants in Rome time, cents in euro", () => {
    expect(readableValue("startsAt", Date.UTC(2026, 6, 1, 8, 0))).toBe("1 luglio 2026 alle ore 10:00");
    expect(readableValue("priceCents", 5050)).toBe("50,50\u00a0€");
    expect(readableValue("isAvailable", true)).toBe("Sì");
    expect(readableValue("scheduledTime", "09:30")).toBe("09:30");
    expect(readableValue("specialties", ["Tarocchi", "Rune"])).toBe("Tarocchi, Rune");
    expect(readableValue("refundCents", undefined)).toBe("—");
    expect(readableValue("status", "no_show")).toBe("Cliente assente");
    expect(readableValue("consultationType", "voice")).toBe("Voce");
    expect(readableValue("psychicName", "confirmed")).toBe("confirmed");
    // A chat message: who wrote it and what was hidden from it.
    expect(readableValue("party", "psychic")).toBe("Cartomante");
    expect(readableValue("masked", ["phone", "email"])).toBe("numero di telefono, email");
  });

  it("reads a psychic's prices and weekly hours in words, never as raw JSON", () => {
    expect(readableValue("pricesCents", { "60": 6000, "30": 3550 })).toBe("30 minuti: 35,50\u00a0€\n60 minuti: 60,00\u00a0€");
    // A profile not yet converted to cents holds whole euros.
    expect(readableValue("pricing", { "60": 60, "30": 35 })).toBe("30 minuti: 35,00\u00a0€\n60 minuti: 60,00\u00a0€");
    expect(readableValue("chatPricesCents", { "30": 2500 })).toBe("30 minuti: 25,00\u00a0€");
    expect(readableValue("consultationTypes", ["voice", "chat"])).toBe("Voce, Chat");
    const closed = { enabled: false, availableHours: [] };
    const availability = {
      monday: { enabled: true, availableHours: ["14:00", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30"] },
      tuesday: closed,
      wednesday: { enabled: true, availableHours: ["23:30"] },
      thursday: { enabled: false, availableHours: ["09:00"] },
      friday: closed,
      saturday: closed,
      sunday: { enabled: true, availableHours: [] },
    };
    expect(readableValue("availability", availability)).toBe(
      [
        "Lunedì 09:00–12:00, 14:00–18:00",
        "Martedì: chiuso",
        "Mercoledì 23:30–24:00",
        "Giovedì: chiuso",
        "Venerdì: chiuso",
        "Sabato: chiuso",
        "Domenica: chiuso",
      ].join("\n"),
    );
    const html = renderExportHtml(buildExport([{ source, rows: [{ _id: "p1", pricesCents: { "30": 3500 }, availability }] }], now), now);
    expect(html).toContain("30 minuti: 35,00\u00a0€");
    expect(html).toContain("Lunedì 09:00–12:00, 14:00–18:00");
    expect(html).not.toContain("availableHours");
    expect(html).not.toContain('{"');
    expect(readableValue("answers", [{ text: "Eccoci.", answeredAt: Date.UTC(2026, 6, 1, 8, 0), adminName: "Chiara", adminId: "u1", requestId: "r" }])).toBe(
      "Risposta di Chiara, 1 luglio 2026 alle ore 10:00: Eccoci.",
    );
  });

  it("renders Italian headings and escapes what people typed", () => {
    const data = buildExport([{ source, rows: [{ _id: "b1", priceCents: 5000, psychicName: "<script>x</script>" }] }], now);
    const html = renderExportHtml(data, now);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain("<h2>Consulti prenotati con te</h2>");
    expect(html).toContain('<th scope="row">Prezzo</th><td>50,00\u00a0€</td>');
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("27 novembre 2026");
  });
});
