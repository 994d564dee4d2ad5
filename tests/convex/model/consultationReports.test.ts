import { describe, expect, it } from "vitest";
import { cleanReportText, isReportable, REPORT_TEXT_LIMITS, reportSubject } from "../../../convex/model/consultationReports";

const NOW = Date.UTC(2026, 10, 20, 15, 0);

describe("a consultation report", () => {
  it("may be made once the consultation has started, or when it was held", () => {
    expect(isReportable({ status: "completed", startsAt: NOW - 1 }, NOW)).toBe(true);
    expect(isReportable({ status: "no_show", startsAt: NOW - 1 }, NOW)).toBe(true);
    expect(isReportable({ status: "confirmed", startsAt: NOW }, NOW)).toBe(true);
    expect(isReportable({ status: "confirmed", startsAt: NOW + 1 }, NOW)).toBe(false);
    for (const status of ["pending_payment", "cancelled", "expired"] as const) expect(isReportable({ status, startsAt: NOW - 1 }, NOW)).toBe(false);
  });

  it("needs 20 to 2 000 characters after trimming", () => {
    expect(cleanReportText("   troppo breve   ")).toBeNull();
    expect(cleanReportText(`  ${"x".repeat(REPORT_TEXT_LIMITS.min)}  `)).toBe("x".repeat(REPORT_TEXT_LIMITS.min));
    expect(cleanReportText("x".repeat(REPORT_TEXT_LIMITS.max))).not.toBeNull();
    expect(cleanReportText("x".repeat(REPORT_TEXT_LIMITS.max + 1))).toBeNull();
  });

  it("reads in the inbox as the reason and the consultation", () => {
    expect(reportSubject("money_or_rituals", { psychicName: "Selene", scheduledDate: "2026-11-20", scheduledTime: "15:00" })).toBe(
      "Richiesta di denaro extra o rituali · consulto con Selene di venerdì 20 novembre 2026 alle 15:00",
    );
  });
});
