// The Italian error table (src/lib/text/errors.ts): a message with a limit in it says the server's limit.
import { describe, expect, it } from "vitest";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@convex/model/accounts";
import { ConvexError } from "convex/values";
import { errorMessage, errorMessages } from "@/lib/text/errors";

describe("limits in the error messages", () => {
  it("the password's, in the spec's words, are the server's", () => {
    expect(errorMessages.WEAK_PASSWORD).toBe(`La password deve essere di almeno ${MIN_PASSWORD_LENGTH} caratteri.`);
    expect(errorMessages.PASSWORD_TOO_LONG).toBe(`La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`);
  });
});

describe("the limits on bookings, in the words of the refusal", () => {
  it("name the server's figures: 2 a day and 4 a week with one psychic, 6 in all", () => {
    expect(errorMessages.SAME_PSYCHIC_DAY_LIMIT).toContain("Hai già 2 consulti in programma con questo cartomante in questa data");
    expect(errorMessages.SAME_PSYCHIC_WEEK_LIMIT).toContain("Hai già 4 consulti in programma con questo cartomante in questa settimana");
    expect(errorMessages.UPCOMING_LIMIT).toContain("Hai già 6 consulti in programma");
  });

  it("the pause after repeated full refunds says when booking opens again", () => {
    const until = Date.UTC(2026, 11, 5, 13, 30);
    expect(errorMessage(new ConvexError({ code: "FULL_REFUNDS_PAUSE", until }))).toBe(
      "Hai annullato 3 consulti con rimborso completo negli ultimi 30 giorni: potrai prenotarne di nuovi dal 5 dicembre 2026 alle ore 14:30. I consulti già prenotati restano validi e puoi ancora annullarli o spostarli.",
    );
    expect(errorMessage(new ConvexError({ code: "FULL_REFUNDS_PAUSE" }))).toBe(errorMessages.FULL_REFUNDS_PAUSE);
  });
});
