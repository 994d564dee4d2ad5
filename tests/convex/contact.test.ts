// The contact form on the server: what is stored, who is linked, what is refused, the limits per
// address and per account, and the support team's notification through the outbox.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { CONTACT_LIMITS } from "../../convex/model/contact";
import { errorCodeOf, originPassFor, setupTest, signInAs, type TestConvex } from "./setup";

const HOUR_MS = 60 * 60 * 1000;

const form = {
  name: "  Mario   Rossi ",
  email: " Mario.Rossi@Esempio.it ",
  userType: "client" as const,
  subject: "Rimborso",
  message: "Ho annullato un consulto: quando arriva il rimborso?",
};

const messages = (t: TestConvex) => t.run((ctx) => ctx.db.query("contactMessages").collect());
const outbox = (t: TestConvex) => t.run((ctx) => ctx.db.query("emailOutbox").collect());

afterEach(() => {
  delete process.env.RESEND_API_KEY;
});

describe("sending a contact message", () => {
  it("a visitor's message is stored unread, as `general` when no category was chosen, and the support address is told", async () => {
    const t = setupTest();
    const id = await t.mutation(api.contact.send, form);
    const [stored] = await messages(t);
    expect(stored).toMatchObject({
      _id: id,
      name: "Mario Rossi",
      email: "mario.rossi@esempio.it",
      userType: "client",
      category: "general",
      subject: "Rimborso",
      status: "unread",
    });
    expect(stored.userId).toBeUndefined();
    const [notification] = await outbox(t);
    expect(notification).toMatchObject({ to: "supporto@arcano.it", kind: "contact_message", relatedId: id });
    expect(notification.text).toContain("Ho annullato un consulto");
    expect(notification.subject).toContain("Rimborso");
  });

  it("keeps the chosen category and links a signed-in person's message to their account", async () => {
    const t = setupTest();
    const { userId, as } = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    await as.mutation(api.contact.send, { ...form, category: "payment" });
    expect((await messages(t))[0]).toMatchObject({ category: "payment", userId });
  });

  it("escapes what the sender wrote in the notification's HTML", async () => {
    const t = setupTest();
    await t.mutation(api.contact.send, { ...form, message: "<script>alert(1)</script>" });
    const [notification] = await outbox(t);
    expect(notification.html).not.toContain("<script>");
    expect(notification.html).toContain("&lt;script&gt;");
  });

  it("refuses empty or over-long fields and an invalid address with INVALID_INPUT, storing nothing", async () => {
    const t = setupTest();
    const cases: Array<[string, Partial<typeof form>]> = [
      ["name", { name: "   " }],
      ["name", { name: "x".repeat(CONTACT_LIMITS.name + 1) }],
      ["email", { email: "non-un-indirizzo" }],
      // What would smuggle a Bcc or a body into the admin's mailto reply link.
      ["email", { email: "mario@esempio.it?bcc=spia@esempio.it" }],
      ["email", { email: "mario&body=ciao@esempio.it" }],
      ["email", { email: "mario%3Fbcc%3Dspia@esempio.it" }],
      ["email", { email: '"mario rossi"@esempio.it' }],
      ["subject", { subject: "" }],
      ["subject", { subject: "x".repeat(CONTACT_LIMITS.subject + 1) }],
      ["message", { message: " " }],
      ["message", { message: "x".repeat(CONTACT_LIMITS.message + 1) }],
    ];
    for (const [field, change] of cases) {
      try {
        await t.mutation(api.contact.send, { ...form, ...change });
        expect.unreachable(`${field} should be refused`);
      } catch (error) {
        expect((error as { data: unknown }).data).toEqual({ code: "INVALID_INPUT", field });
      }
    }
    expect(await messages(t)).toEqual([]);
    expect(await outbox(t)).toEqual([]);
  });

  it("a notification that cannot be sent never loses the message", async () => {
    const t = setupTest();
    // Resend configured but unreachable: every attempt fails.
    process.env.RESEND_API_KEY = "re_test_unreachable";
    const id = await t.mutation(api.contact.send, form);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await outbox(t))[0]).toMatchObject({ kind: "contact_message", status: "failed" });
    expect((await messages(t)).map((message) => message._id)).toEqual([id]);
  });
});

describe("contact limits", () => {
  it("one address sends at most 5 messages an hour, however it is written; the next hour it may write again", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await t.mutation(api.contact.send, { ...form, email: i % 2 ? "mario.rossi@esempio.it" : "MARIO.ROSSI@esempio.it" });
    expect(await errorCodeOf(t.mutation(api.contact.send, form))).toBe("RATE_LIMITED");
    // Another address is not affected.
    await t.mutation(api.contact.send, { ...form, email: "anna@esempio.it" });
    expect(await messages(t)).toHaveLength(6);
    vi.advanceTimersByTime(HOUR_MS);
    await t.mutation(api.contact.send, form);
    expect(await messages(t)).toHaveLength(7);
  });

  it("a signed-in account sends at most 10 a day, whatever addresses it types", async () => {
    const t = setupTest();
    const { as } = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    for (let i = 0; i < 10; i++) await as.mutation(api.contact.send, { ...form, email: `indirizzo${i}@esempio.it` });
    expect(await errorCodeOf(as.mutation(api.contact.send, { ...form, email: "nuovo@esempio.it" }))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(10);
    vi.advanceTimersByTime(24 * HOUR_MS);
    await as.mutation(api.contact.send, { ...form, email: "nuovo@esempio.it" });
    expect(await messages(t)).toHaveLength(11);
  });

  it("plus-tags, case and Gmail's dots reach one mailbox: they share its 5 an hour", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await t.mutation(api.contact.send, { ...form, email: `Spam+${i}@esempio.it` });
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "spam@esempio.it" }))).toBe("RATE_LIMITED");
    for (const email of ["ma.rio@gmail.com", "mario+1@gmail.com", "m.a.r.i.o@googlemail.com", "MARIO@gmail.com", "mario@gmail.com"]) {
      await t.mutation(api.contact.send, { ...form, email });
    }
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "mar.io+x@gmail.com" }))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(10);
  });

  it("one network origin sends at most 10 an hour whatever addresses it types; another origin is not held back", async () => {
    const t = setupTest();
    const pass = await originPassFor(t, "203.0.113.20");
    for (let i = 0; i < 10; i++) await t.mutation(api.contact.send, { ...form, email: `persona${i}@esempio.it`, originPass: pass });
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "altra@esempio.it", originPass: pass }))).toBe("RATE_LIMITED");
    // A fresh pass from the same origin counts in the same place; IPv6 counts per /64.
    const again = await originPassFor(t, "203.0.113.20");
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "altra@esempio.it", originPass: again }))).toBe("RATE_LIMITED");
    await t.mutation(api.contact.send, { ...form, email: "altra@esempio.it", originPass: await originPassFor(t, "198.51.100.7") });
    // Without a valid pass, messages share one bucket: forging or skipping the pass gains nothing.
    for (let i = 0; i < 10; i++) await t.mutation(api.contact.send, { ...form, email: `senza${i}@esempio.it`, originPass: "inventato" });
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "senza-pass@esempio.it" }))).toBe("RATE_LIMITED");
  });

  it("a refused message stores nothing and queues no email", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await t.mutation(api.contact.send, form);
    const emailsBefore = (await outbox(t)).length;
    expect(await errorCodeOf(t.mutation(api.contact.send, form))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(5);
    expect(await outbox(t)).toHaveLength(emailsBefore);
  });
});
