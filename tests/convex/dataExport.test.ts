// 'Scarica i tuoi dati': the export holds exactly the caller's data, for clients and psychics, and
// nothing of the other people whose data sits beside it (two clients and two psychics, interleaved); a long
// history is read in parts, none of which reads more than a part's budget.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { EXPORT_SOURCES, type DataExport } from "../../convex/model/dataExport";
import { EXPORT_PART_ROWS, readWholeExport, type ExportStep } from "../../convex/model/dataExportParts";
import { callBooking } from "./fixtures/callWorld";
import { readsBudget } from "./fixtures/readsBudget";
import { measureReads } from "./fixtures/readsMeter";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, runWithTriggers, setupTest } from "./setup";

const DAY = 86_400_000;
const fiscal = (legalName: string, codiceFiscale: string) => ({
  legalName,
  codiceFiscale,
  dateOfBirth: "1980-01-01",
  street: "Via Roma 1",
  postalCode: "00100",
  city: "Roma",
  country: "IT",
  updatedAt: Date.now(),
});

/** Beside the matrix world: clientB booked psychicA too, both clients reviewed, wrote and were emailed; both psychics were paid. */
async function interleavedWorld() {
  const w = await buildWorld(setupTest());
  const pastA = await callBooking(w, { startsInMs: -2 * DAY, status: "completed", notes: "Nota privata di A" });
  const pastB = await callBooking(w, { startsInMs: -3 * DAY, status: "completed", clientId: w.userIds.clientB, notes: "Nota privata di B" });
  await runWithTriggers(w.t, async (ctx) => {
    const review = (bookingId: Id<"bookings">, clientId: Id<"users">, comment: string) =>
      ctx.db.insert("reviews", { bookingId, psychicProfileId: w.profileA, clientId, rating: 5, comment, clientName: "Persona C." });
    await review(pastA, w.userIds.clientA, "Recensione scritta da A");
    await review(pastB, w.userIds.clientB, "Recensione scritta da B");
    for (const [bookingId, roomId] of [
      [pastA, "stanza-a"],
      [pastB, "stanza-b"],
    ] as const) {
      await ctx.db.insert("callSessions", { bookingId, roomId, status: "ended", updatedAt: Date.now(), clientCallSid: `CA-${roomId}` });
    }
    await ctx.db.insert("contactMessages", {
      name: "Persona clientB",
      email: "cliente.b@esempio.it",
      userType: "client",
      subject: "Domanda di B",
      category: "general",
      message: "Messaggio di B",
      status: "unread",
      updatedAt: Date.now(),
      userId: w.userIds.clientB,
    });
    for (const to of ["cliente.a@esempio.it", "cliente.b@esempio.it"]) {
      await ctx.db.insert("emailOutbox", {
        to,
        subject: `Conferma per ${to}`,
        html: "<p>corpo</p>",
        text: "corpo",
        kind: "booking_confirmed",
        status: "sent",
        attempts: 1,
      });
    }
    await ctx.db.insert("psychicFiscalData", { psychicUserId: w.userIds.psychicA, ...fiscal("Lettrice A Reale", "AAAAAA80A01H501A") });
    await ctx.db.insert("psychicFiscalData", { psychicUserId: w.userIds.psychicB, ...fiscal("Lettrice B Reale", "BBBBBB80A01H501B") });
    for (const [bookingId, psychicUserId] of [
      [pastA, w.userIds.psychicA],
      [w.bookingB, w.userIds.psychicB],
    ] as const) {
      const transferId = await ctx.db.insert("psychicTransfers", {
        bookingId,
        psychicUserId,
        reason: "consultation",
        grossCents: 5000,
        commissionCents: 750,
        amountCents: 4250,
        state: "transferred",
        dueAt: Date.now(),
        attempts: 1,
      });
      await ctx.db.insert("transferReversals", {
        transferId,
        bookingId,
        why: "refund",
        amountCents: 1000 + (psychicUserId === w.userIds.psychicA ? 1 : 2),
        state: "reversed",
        attempts: 1,
      });
    }
  });
  return { w, pastA, pastB };
}

type Exporter = "clientA" | "clientB" | "psychicA" | "psychicB" | "admin";
const readPartAs = (w: World, persona: Exporter) => (from: ExportStep | undefined) =>
  w.as[persona].query(api.dataExport.readPart, from ? { from } : {});

async function exportOf(w: World, persona: Exporter) {
  const files = await readWholeExport(readPartAs(w, persona));
  const data = JSON.parse(files.json) as DataExport;
  const section = (key: string) => data.sezioni.find((candidate) => candidate.key === key)?.rows ?? [];
  const ids = (key: string) =>
    section(key)
      .map((row) => row._id as string)
      .sort();
  return { files, data, section, ids };
}

const sorted = (...ids: string[]) => [...ids].sort();

describe("the data export", () => {
  it("a client's export holds their account, bookings, reviews, messages and emails, and nothing of the others", async () => {
    const { w, pastA } = await interleavedWorld();
    const { files, section, ids } = await exportOf(w, "clientA");
    expect(section("account")).toMatchObject([{ _id: w.userIds.clientA, email: "cliente.a@esempio.it", accountType: "client" }]);
    expect(section("account")[0].consentGivenAt).toEqual(expect.any(Number));
    expect(ids("prenotazioni")).toEqual(sorted(w.bookingA, w.holdA, pastA));
    expect(section("prenotazioni").find((row) => row._id === pastA)).toMatchObject({
      notes: "Nota privata di A",
      priceCents: 5000,
      status: "completed",
    });
    expect(section("recensioniScritte").map((row) => row.comment)).toEqual(["Recensione scritta da A"]);
    expect(section("chiamate")).toMatchObject([{ bookingId: pastA, status: "ended" }]);
    expect(section("chiamate")[0]).not.toHaveProperty("roomId");
    expect(ids("messaggi")).toEqual([w.messages.unread]);
    expect(section("email").map((row) => row.subject)).toEqual(["Conferma per cliente.a@esempio.it"]);
    expect(section("email")[0]).not.toHaveProperty("html");
    for (const key of ["profilo", "consultiRicevuti", "recensioniRicevute", "compensi", "datiFiscali"]) expect(section(key)).toEqual([]);
    for (const text of [files.json, files.html]) {
      for (const other of [
        "cliente.b@esempio.it",
        "Persona clientB",
        "Nota privata di B",
        "Nota di B",
        "Recensione scritta da B",
        "stanza-b",
        w.bookingB,
        w.userIds.clientB,
      ]) {
        expect(text).not.toContain(other);
      }
    }
    expect(files.html).toContain("<h2>Prenotazioni e pagamenti</h2>");
    expect(files.fileBase).toMatch(/^arcano-dati-\d{4}-\d{2}-\d{2}$/);
  });

  it("a psychic's export adds their profile, consultations, reviews received, earnings and fiscal data, without the clients' notes", async () => {
    const { w, pastA, pastB } = await interleavedWorld();
    const { files, section, ids } = await exportOf(w, "psychicA");
    expect(ids("profilo")).toEqual([w.profileA]);
    expect(section("profilo")[0]).toHaveProperty("availability");
    expect(ids("consultiRicevuti")).toEqual(sorted(w.bookingA, pastA, pastB));
    for (const row of section("consultiRicevuti")) {
      expect(row).not.toHaveProperty("notes");
      expect(row).not.toHaveProperty("clientId");
    }
    expect(
      section("recensioniRicevute")
        .map((row) => row.comment)
        .sort(),
    ).toEqual(["Recensione scritta da A", "Recensione scritta da B"]);
    expect(
      section("chiamate")
        .map((row) => row.bookingId)
        .sort(),
    ).toEqual(sorted(pastA, pastB));
    expect(section("compensi")).toMatchObject([{ bookingId: pastA, amountCents: 4250 }]);
    expect(section("stornoCompensi")).toMatchObject([{ amountCents: 1001 }]);
    expect(section("datiFiscali")).toMatchObject([{ legalName: "Lettrice A Reale" }]);
    expect(ids("prenotazioni")).toEqual([]);
    for (const text of [files.json, files.html]) {
      for (const other of [
        "Nota privata di A",
        "Nota privata di B",
        "cliente.a@esempio.it",
        "cliente.b@esempio.it",
        "Lettrice B Reale",
        "BBBBBB80A01H501B",
        "Lettrice B",
        w.bookingB,
        w.profileB,
      ]) {
        expect(text).not.toContain(other);
      }
    }
  });

  it("the other client and psychic get their own data only", async () => {
    const { w, pastB } = await interleavedWorld();
    const clientB = await exportOf(w, "clientB");
    expect(clientB.ids("prenotazioni")).toEqual(sorted(w.bookingB, pastB));
    expect(clientB.section("recensioniScritte").map((row) => row.comment)).toEqual(["Recensione scritta da B"]);
    expect(clientB.section("messaggi").map((row) => row.subject)).toEqual(["Domanda di B"]);
    const psychicB = await exportOf(w, "psychicB");
    expect(psychicB.ids("consultiRicevuti")).toEqual(sorted(w.bookingB, w.holdA));
    expect(psychicB.section("stornoCompensi")).toMatchObject([{ amountCents: 1002 }]);
    expect(psychicB.section("recensioniRicevute")).toEqual([]);
    expect(psychicB.files.json).not.toContain("Lettrice A Reale");
  });

  it("emails sent to the person are all there, newest first, without their bodies", async () => {
    const { w } = await interleavedWorld();
    await w.t.run(async (ctx) => {
      for (let n = 0; n < 205; n++) {
        await ctx.db.insert("emailOutbox", {
          to: "cliente.a@esempio.it",
          subject: `Promemoria ${n}`,
          html: "<p>x</p>",
          text: "x",
          kind: "booking_confirmed",
          status: "sent",
          attempts: 1,
        });
      }
    });
    const emails = (await exportOf(w, "clientA")).section("email");
    expect(emails).toHaveLength(206);
    expect(emails[0].subject).toBe("Promemoria 204");
    expect(emails.at(-1)?.subject).toBe("Conferma per cliente.a@esempio.it");
    expect(emails[0]).not.toHaveProperty("html");
  });

  it("an admin's export holds their account and grant; a visitor is refused", async () => {
    const { w } = await interleavedWorld();
    const admin = await exportOf(w, "admin");
    expect(admin.data.sezioni.map((section) => section.key)).toEqual(["account", "permessiAdmin"]);
    expect(await errorCodeOf(w.as.visitor.query(api.dataExport.readPart, {}))).toBe("NOT_AUTHENTICATED");
  });

  it("a long history (650 bookings with their calls, 250 emails) comes whole, in parts that each read at most a part's budget", async () => {
    const { w, pastA } = await interleavedWorld();
    const LONG = 650;
    const booked = await w.t.run(async (ctx) => {
      const ids: string[] = [];
      const base = await ctx.db.get("bookings", pastA);
      const { _id, _creationTime, ...fields } = base!;
      for (let n = 0; n < LONG; n++) {
        const startsAt = fields.startsAt - (n + 1) * DAY;
        const bookingId = await ctx.db.insert("bookings", { ...fields, startsAt, endsAt: startsAt + 1_800_000, notes: `Consulto ${n}` });
        await ctx.db.insert("callSessions", { bookingId, roomId: `stanza-${n}`, status: "ended", updatedAt: Date.now() });
        ids.push(bookingId);
      }
      for (let n = 0; n < 250; n++) {
        await ctx.db.insert("emailOutbox", {
          to: "cliente.a@esempio.it",
          subject: `Avviso ${n}`,
          html: "<p>x</p>".repeat(200),
          text: "x",
          kind: "booking_confirmed",
          status: "sent",
          attempts: 1,
        });
      }
      return ids;
    });
    const budget = readsBudget["dataExport:readPart"].documents as number;
    const parts: Array<{ documentsRead: number; bytesRead: number }> = [];
    const { section, files } = await exportOf(w, "clientA");
    // The same export again, each part measured on its own: the same file.
    const measured = await readWholeExport(async (from) => {
      const { result, reads } = await measureReads(() => readPartAs(w, "clientA")(from));
      parts.push(reads.largestTransaction);
      return result;
    });
    const undated = (json: string) => json.replace(/"esportatoIl": "[^"]*"/, "");
    expect(undated(measured.json)).toBe(undated(files.json));
    const bookings = section("prenotazioni");
    expect(bookings).toHaveLength(LONG + 3);
    expect(new Set(bookings.map((row) => row._id))).toEqual(new Set([...booked, w.bookingA, w.holdA, pastA]));
    expect(section("chiamate")).toHaveLength(LONG + 1);
    expect(section("email")).toHaveLength(251);
    expect(files.html).toContain("Consulto 649");
    // Each booking page is a part of its own: at least 7 parts, none reading more than the budget.
    expect(parts.length).toBeGreaterThanOrEqual(Math.ceil((LONG + 3) / EXPORT_PART_ROWS));
    expect(Math.max(...parts.map((part) => part.documentsRead))).toBeLessThanOrEqual(budget);
    expect(Math.max(...parts.map((part) => part.documentsRead))).toBeGreaterThan(EXPORT_PART_ROWS);
    console.log(
      `DATA_EXPORT_PARTS ${JSON.stringify({ parts: parts.length, largest: Math.max(...parts.map((part) => part.documentsRead)), budget })}`,
    );
  });

  it("refuses a part that does not start at one of the person's lists", async () => {
    const { w } = await interleavedWorld();
    const chiamate = EXPORT_SOURCES.findIndex((source) => source.section === "chiamate");
    const prenotazioni = EXPORT_SOURCES.findIndex((source) => source.section === "prenotazioni");
    for (const from of [
      { source: chiamate, value: 0, cursor: null },
      { source: -1, value: 0, cursor: null },
      { source: 999, value: 0, cursor: null },
      { source: prenotazioni, value: 0.5, cursor: null },
      { source: prenotazioni, value: 0, cursor: "non-un-cursore" },
    ]) {
      expect(await errorCodeOf(w.as.clientA.query(api.dataExport.readPart, { from })), JSON.stringify(from)).toBe("INVALID_INPUT");
    }
  });
});
