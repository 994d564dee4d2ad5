// 'Segnala': only the booking's client reports it, once it has started or been held; a report lands
// unread in the admin's inbox as a `report`, linked to the booking and its psychic.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import schema from "../../convex/schema";
import { callBooking } from "./fixtures/callWorld";
import { buildWorld, snapshotAllTables, type World } from "./fixtures/world";
import { errorCodeOf, setupTest } from "./setup";

const HOUR = 3_600_000;
const TEXT = "Mi ha proposto un rituale a pagamento contro il malocchio.";
const tableNames = Object.keys(schema.tables);

const held = (w: World) => callBooking(w, { startsInMs: -24 * HOUR, status: "completed" });
const reportsOf = (w: World) =>
  w.t.run(async (ctx) => (await ctx.db.query("contactMessages").collect()).filter((message) => message.category === "report"));

describe("reporting a consultation", () => {
  it("lands unread in the admin's inbox as a report, linked to the booking and the psychic, and counts as unread", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await held(w);
    const unreadBefore = await w.as.admin.query(api.admin.unreadMessageCount, {});
    const id = await w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId, reason: "money_or_rituals", text: `  ${TEXT}  ` });
    const [stored] = await reportsOf(w);
    expect(stored).toMatchObject({
      _id: id,
      category: "report",
      status: "unread",
      userId: w.userIds.clientA,
      email: "cliente.a@esempio.it",
      userType: "client",
      message: TEXT,
      reportBookingId: bookingId,
      reportPsychicProfileId: w.profileA,
      reportReason: "money_or_rituals",
    });
    expect(stored.subject).toMatch(/^Richiesta di denaro extra o rituali · consulto con Lettrice A di /);
    expect(await w.as.admin.query(api.admin.unreadMessageCount, {})).toBe(unreadBefore + 1);
    const inbox = await w.as.admin.query(api.admin.listMessages, { status: "unread", paginationOpts: { numItems: 20, cursor: null } });
    expect(inbox.page.find((row) => row.id === id)).toMatchObject({
      category: "report",
      categoryLabel: "Segnalazione",
      report: { bookingId, psychicProfileId: w.profileA, reasonLabel: "Richiesta di denaro extra o rituali" },
    });
    expect(await w.as.clientA.query(api.consultationReports.listMineReported, {})).toEqual([bookingId]);
    expect(await w.as.clientB.query(api.consultationReports.listMineReported, {})).toEqual([]);
  });

  it("only the booking's client may report it: another client, its psychic and a visitor are refused, nothing written", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await held(w);
    const args = { bookingId, reason: "misconduct" as const, text: TEXT };
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(w.as.clientB.mutation(api.consultationReports.reportMine, args))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.consultationReports.reportMine, args))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.visitor.mutation(api.consultationReports.reportMine, args))).toBe("NOT_AUTHENTICATED");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
  });

  it("only after the consultation's start: an upcoming, cancelled or unpaid one is refused", async () => {
    const w = await buildWorld(setupTest());
    const cancelled = await callBooking(w, { startsInMs: -24 * HOUR, status: "cancelled", cancelledBy: "psychic" });
    const before = await snapshotAllTables(w.t, tableNames);
    for (const bookingId of [w.bookingA, w.holdA, cancelled]) {
      expect(await errorCodeOf(w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId, reason: "other", text: TEXT }))).toBe(
        "REPORT_NOT_ALLOWED",
      );
    }
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
    // Under way: the start has passed.
    const underWay = await callBooking(w, { startsInMs: -5 * 60_000 });
    await w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId: underWay, reason: "misconduct", text: TEXT });
    expect(await reportsOf(w)).toHaveLength(1);
  });

  it("a text too short or too long, or an unknown booking, is refused and nothing changes", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await held(w);
    const before = await snapshotAllTables(w.t, tableNames);
    for (const text of ["   ", "Troppo breve.", "x".repeat(2001)]) {
      await expect(w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId, reason: "other", text })).rejects.toMatchObject({
        data: { code: "INVALID_INPUT", field: "text" },
      });
    }
    expect(await errorCodeOf(w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId: "nessuno", reason: "other", text: TEXT }))).toBe(
      "NOT_FOUND",
    );
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
  });

  it("one report per consultation: a second is refused", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await held(w);
    await w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId, reason: "off_platform_contact", text: TEXT });
    expect(await errorCodeOf(w.as.clientA.mutation(api.consultationReports.reportMine, { bookingId, reason: "other", text: TEXT }))).toBe(
      "ALREADY_REPORTED",
    );
    expect(await reportsOf(w)).toHaveLength(1);
  });

  it("the contact form cannot file a report", async () => {
    const w = await buildWorld(setupTest());
    const form = { name: "Mario", email: "mario@esempio.it", userType: "client" as const, subject: "Oggetto", message: TEXT };
    await expect(w.t.mutation(api.contact.send, { ...form, category: "report" })).rejects.toMatchObject({
      data: { code: "INVALID_INPUT", field: "category" },
    });
    expect(await reportsOf(w)).toEqual([]);
  });
});
