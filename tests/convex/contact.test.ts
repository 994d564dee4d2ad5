// The contact form on the server: what is stored, who is linked, what is refused, the limits per
// address and per account, and the support team's notification through the outbox.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { FunctionArgs } from "convex/server";
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

type Caller = { mutation: TestConvex["mutation"] };

/** A message as the contact page sends it: with a fresh pass from /origin-pass (loopback unless the fields bring one). */
const send = async (t: TestConvex, fields: Partial<FunctionArgs<typeof api.contact.send>> = {}, caller: Caller = t) =>
  caller.mutation(api.contact.send, { ...form, originPass: await originPassFor(t, "127.0.0.1"), ...fields });

const messages = (t: TestConvex) => t.run((ctx) => ctx.db.query("contactMessages").collect());
const outbox = (t: TestConvex) => t.run((ctx) => ctx.db.query("emailOutbox").collect());

afterEach(() => {
  delete process.env.RESEND_API_KEY;
});

describe("sending a contact message", () => {
  it("a visitor's message is stored unread, as `general` when no category was chosen, and the support address is told", async () => {
    const t = setupTest();
    const id = await send(t);
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
    await send(t, { category: "payment" }, as);
    expect((await messages(t))[0]).toMatchObject({ category: "payment", userId });
  });

  it("escapes what the sender wrote in the notification's HTML", async () => {
    const t = setupTest();
    await send(t, { message: "<script>alert(1)</script>" });
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
        await send(t, change);
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
    const id = await send(t);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await outbox(t))[0]).toMatchObject({ kind: "contact_message", status: "failed" });
    expect((await messages(t)).map((message) => message._id)).toEqual([id]);
  });
});

describe("contact limits", () => {
  it("one address sends at most 5 messages an hour, however it is written; the next hour it may write again", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await send(t, { email: i % 2 ? "mario.rossi@esempio.it" : "MARIO.ROSSI@esempio.it" });
    expect(await errorCodeOf(send(t))).toBe("RATE_LIMITED");
    // Another address is not affected.
    await send(t, { email: "anna@esempio.it" });
    expect(await messages(t)).toHaveLength(6);
    vi.advanceTimersByTime(HOUR_MS);
    await send(t);
    expect(await messages(t)).toHaveLength(7);
  });

  it("a signed-in account sends at most 10 a day, whatever addresses it types", async () => {
    const t = setupTest();
    const { as } = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    for (let i = 0; i < 10; i++) await send(t, { email: `indirizzo${i}@esempio.it` }, as);
    expect(await errorCodeOf(send(t, { email: "nuovo@esempio.it" }, as))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(10);
    vi.advanceTimersByTime(24 * HOUR_MS);
    await send(t, { email: "nuovo@esempio.it" }, as);
    expect(await messages(t)).toHaveLength(11);
  });

  it("plus-tags, case and Gmail's dots reach one mailbox: they share its 5 an hour", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await send(t, { email: `Spam+${i}@esempio.it` });
    expect(await errorCodeOf(send(t, { email: "spam@esempio.it" }))).toBe("RATE_LIMITED");
    for (const email of ["ma.rio@gmail.com", "mario+1@gmail.com", "m.a.r.i.o@googlemail.com", "MARIO@gmail.com", "mario@gmail.com"]) {
      await send(t, { email });
    }
    expect(await errorCodeOf(send(t, { email: "mar.io+x@gmail.com" }))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(10);
  });

  it("one network origin sends at most 10 an hour whatever addresses it types; another origin is not held back", async () => {
    const t = setupTest();
    const pass = await originPassFor(t, "203.0.113.20");
    for (let i = 0; i < 10; i++) await send(t, { email: `persona${i}@esempio.it`, originPass: pass });
    expect(await errorCodeOf(send(t, { email: "altra@esempio.it", originPass: pass }))).toBe("RATE_LIMITED");
    // A fresh pass from the same origin counts in the same place; IPv6 counts per /64.
    const again = await originPassFor(t, "203.0.113.20");
    expect(await errorCodeOf(send(t, { email: "altra@esempio.it", originPass: again }))).toBe("RATE_LIMITED");
    await send(t, { email: "altra@esempio.it", originPass: await originPassFor(t, "198.51.100.7") });
  });

  it("a forged first X-Forwarded-For entry gains nothing: the origin is the address the deployment's proxy added", async () => {
    const t = setupTest();
    for (let i = 0; i < 10; i++) {
      const forged = ["127.0.0.1", "unknown", `198.51.100.${i}`][i % 3];
      await send(t, { email: `persona${i}@esempio.it`, originPass: await originPassFor(t, `${forged}, 203.0.113.21`) });
    }
    for (const forged of ["127.0.0.1", "::1", "unknown", "198.51.100.200"]) {
      const pass = await originPassFor(t, `${forged}, 203.0.113.21`);
      expect(await errorCodeOf(send(t, { email: "altra@esempio.it", originPass: pass }))).toBe("RATE_LIMITED");
    }
  });

  it("a message without a valid pass is refused and stores nothing, so a script's pass-less messages hold back nobody", async () => {
    const t = setupTest();
    const { as } = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    for (let i = 0; i < 12; i++) {
      for (const originPass of [undefined, "", "inventato"]) {
        const args = { ...form, email: `script${i}@esempio.it`, ...(originPass === undefined ? {} : { originPass }) };
        expect(await errorCodeOf(t.mutation(api.contact.send, args))).toBe("ORIGIN_PASS_REQUIRED");
      }
    }
    // Signed in is no way around it either.
    expect(await errorCodeOf(as.mutation(api.contact.send, form))).toBe("ORIGIN_PASS_REQUIRED");
    expect(await messages(t)).toEqual([]);
    expect(await outbox(t)).toEqual([]);
    // A real person, with the pass the page asks for, writes at once.
    await send(t, { email: "vera@esempio.it", originPass: await originPassFor(t, "203.0.113.22") });
    expect(await messages(t)).toHaveLength(1);
  });

  it("an expired pass is no pass: skipping or outliving the pass does not escape the origin's limit", async () => {
    const t = setupTest();
    const pass = await originPassFor(t, "203.0.113.23");
    for (let i = 0; i < 10; i++) await send(t, { email: `persona${i}@esempio.it`, originPass: pass });
    expect(await errorCodeOf(send(t, { email: "altra@esempio.it", originPass: await originPassFor(t, "203.0.113.23") }))).toBe("RATE_LIMITED");
    // The limit's window starts at a random point of the hour (convex-helpers' fixed windows): only the pass is
    // asserted once the clock moved past its 15 minutes.
    vi.advanceTimersByTime(16 * 60_000);
    expect(await errorCodeOf(send(t, { email: "altra@esempio.it", originPass: pass }))).toBe("ORIGIN_PASS_REQUIRED");
    expect(await errorCodeOf(t.mutation(api.contact.send, { ...form, email: "altra@esempio.it" }))).toBe("ORIGIN_PASS_REQUIRED");
  });

  it("a refused message stores nothing and queues no email", async () => {
    const t = setupTest();
    for (let i = 0; i < 5; i++) await send(t);
    const emailsBefore = (await outbox(t)).length;
    expect(await errorCodeOf(send(t))).toBe("RATE_LIMITED");
    expect(await messages(t)).toHaveLength(5);
    expect(await outbox(t)).toHaveLength(emailsBefore);
  });
});

describe("the sender's acknowledgement", () => {
  it("a message gets an acknowledgement to the sender's address, echoing none of what was typed", async () => {
    const t = setupTest();
    const id = await send(t, { category: "payment", message: "Visita https://spam.example per un premio" });
    const ack = (await outbox(t)).find((mail) => mail.to === "mario.rossi@esempio.it");
    expect(ack).toMatchObject({ kind: "contact_received", relatedId: id });
    expect(ack!.subject).toBe("Abbiamo ricevuto il tuo messaggio");
    expect(ack!.text).toContain("Pagamenti");
    // Anyone may type any address: the email carries nothing a stranger wrote (no name, subject or message).
    for (const typed of ["Mario Rossi", "Rimborso", "spam.example"]) expect(`${ack!.subject}${ack!.text}${ack!.html}`).not.toContain(typed);
  });

  it("a refused message sends no acknowledgement", async () => {
    const t = setupTest();
    expect(await errorCodeOf(send(t, { subject: " " }))).toBe("INVALID_INPUT");
    expect(await outbox(t)).toEqual([]);
  });
});

describe("the admin's answer from the inbox", () => {
  const answerText = "Buongiorno, il rimborso arriva sulla carta entro 5-10 giorni lavorativi.";

  async function world() {
    const t = setupTest();
    const id = await send(t);
    const admin = await signInAs(t, { email: "admin@arcano.it", name: "Chiara Admin", admin: true });
    return { t, id, admin };
  }

  it("an admin's answer is emailed to the sender and kept with the message: who, when, the text; the message is replied", async () => {
    const { t, id, admin } = await world();
    await admin.as.mutation(api.contact.answer, { messageId: id, text: `  ${answerText}  `, requestId: "r-1" });
    const [stored] = await messages(t);
    expect(stored.status).toBe("replied");
    expect(stored.answers).toEqual([{ text: answerText, answeredAt: Date.now(), adminId: admin.userId, adminName: "Chiara Admin", requestId: "r-1" }]);
    const email = (await outbox(t)).find((mail) => mail.kind === "contact_answer");
    expect(email).toMatchObject({ to: "mario.rossi@esempio.it", relatedId: id, subject: "Re: Rimborso" });
    expect(email!.text).toContain(answerText);
    // The thread as the inbox shows it.
    const { page } = await admin.as.query(api.admin.listMessages, { status: "all", paginationOpts: { numItems: 20, cursor: null } });
    expect(page[0].answers).toEqual([{ text: answerText, answeredAt: Date.now(), adminName: "Chiara Admin" }]);
  });

  it("a double submit (the same request twice) answers once and emails once; a second answer joins the thread", async () => {
    const { t, id, admin } = await world();
    await admin.as.mutation(api.contact.answer, { messageId: id, text: answerText, requestId: "r-1" });
    await admin.as.mutation(api.contact.answer, { messageId: id, text: answerText, requestId: "r-1" });
    expect((await messages(t))[0].answers).toHaveLength(1);
    expect((await outbox(t)).filter((mail) => mail.kind === "contact_answer")).toHaveLength(1);
    await admin.as.mutation(api.contact.answer, { messageId: id, text: "Un'ultima cosa: scrivici pure di nuovo.", requestId: "r-2" });
    expect((await messages(t))[0].answers!.map((answer) => answer.requestId)).toEqual(["r-1", "r-2"]);
    expect((await outbox(t)).filter((mail) => mail.kind === "contact_answer")).toHaveLength(2);
  });

  it("refuses an empty or over-long answer with a field error, keeping and sending nothing", async () => {
    const { t, id, admin } = await world();
    for (const text of ["   ", "x".repeat(CONTACT_LIMITS.answer + 1)]) {
      try {
        await admin.as.mutation(api.contact.answer, { messageId: id, text, requestId: "r-1" });
        expect.unreachable("the answer should be refused");
      } catch (error) {
        expect((error as { data: unknown }).data).toEqual({ code: "INVALID_INPUT", field: "text" });
      }
    }
    expect((await messages(t))[0]).toMatchObject({ status: "unread" });
    expect((await messages(t))[0].answers).toBeUndefined();
    expect((await outbox(t)).filter((mail) => mail.kind === "contact_answer")).toEqual([]);
  });

  it("only an admin answers: a visitor, a client and a psychic are refused", async () => {
    const { t, id } = await world();
    const client = await signInAs(t, { email: "giulia@esempio.it", accountType: "client" });
    const psychic = await signInAs(t, { email: "marta@esempio.it", accountType: "psychic" });
    const args = { messageId: id, text: answerText, requestId: "r-1" };
    expect(await errorCodeOf(t.mutation(api.contact.answer, args))).toBe("NOT_AUTHENTICATED");
    for (const caller of [client.as, psychic.as]) expect(await errorCodeOf(caller.mutation(api.contact.answer, args))).toBe("FORBIDDEN");
    expect((await messages(t))[0].answers).toBeUndefined();
  });
});
