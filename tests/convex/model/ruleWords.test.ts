// The numbers of the rules in words, the same for the emails and the pages.
import { describe, expect, it } from "vitest";
import { daysText, formatMinutes, hoursText, listText, ruleWords, spanText, timesText } from "../../../convex/model/ruleWords";

const HOUR = 3_600_000;

describe("ruleWords", () => {
  it("words a length of time, a count and a list the Italian way", () => {
    expect([formatMinutes(1), formatMinutes(15)]).toEqual(["1 minuto", "15 minuti"]);
    expect([hoursText(HOUR), hoursText(24 * HOUR)]).toEqual(["1 ora", "24 ore"]);
    expect([spanText(HOUR), spanText(2 * HOUR), spanText(90 * 60_000)]).toEqual(["un'ora", "2 ore", "90 minuti"]);
    expect([daysText(24 * HOUR), daysText(7 * 24 * HOUR)]).toEqual(["1 giorno", "7 giorni"]);
    expect([timesText(1), timesText(2)]).toEqual(["una volta", "2 volte"]);
    expect([listText([15, 30, 45, 60], "o"), listText([7], "e")]).toEqual(["15, 30, 45 o 60", "7"]);
  });

  it("states the emails' rules from the server's constants", () => {
    expect(ruleWords).toEqual({ refundArrival: "5–10 giorni lavorativi", earlyAccess: "5 minuti", lastReminder: "15 minuti", halfRefundNotice: "2 ore" });
  });
});
