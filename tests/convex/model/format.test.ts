// Money and calendar dates in Italian, as both the emails and the pages write them (convex/model/format.ts).
import { describe, expect, it } from "vitest";
import { formatCents, formatItalianDate, formatMonth, formatNumericDate } from "../../../convex/model/format";

const plain = (text: string) => text.replace(/\s/g, " ");

describe("money in cents", () => {
  it("always with its cents, in euro, the Italian way", () => {
    expect(plain(formatCents(5000))).toBe("50,00 €");
    expect(plain(formatCents(1250))).toBe("12,50 €");
    expect(plain(formatCents(123456))).toBe("1234,56 €");
    expect(plain(formatCents(1))).toBe("0,01 €");
  });

  it("whole amounts without cents only where asked (price lists, chart axes)", () => {
    expect(plain(formatCents(5000, { dropZeroCents: true }))).toBe("50 €");
    expect(plain(formatCents(1250, { dropZeroCents: true }))).toBe("12,50 €");
  });
});

describe("calendar dates", () => {
  it("with the weekday and the month's name, the same in every time zone", () => {
    expect(formatItalianDate("2026-11-25")).toBe("mercoledì 25 novembre 2026");
    expect(formatItalianDate("2026-03-29")).toBe("domenica 29 marzo 2026");
    expect(formatItalianDate("2027-01-01")).toBe("venerdì 1 gennaio 2027");
  });
});

describe("dates and months as lists and fiscal documents print them", () => {
  it("writes a date with slashes and a month with its year", () => {
    expect(formatNumericDate("2026-01-09")).toBe("09/01/2026");
    expect(formatMonth("2026-01")).toBe("gennaio 2026");
  });
});
