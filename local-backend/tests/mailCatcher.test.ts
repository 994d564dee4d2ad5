import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resend } from "resend";
import { afterEach, describe, expect, it } from "vitest";
import { startMailCatcher } from "../mail/mailCatcher";

const dirs: string[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function catcher(dataDir = mkdtempSync(join(tmpdir(), "mail-"))) {
  dirs.push(dataDir);
  const started = await startMailCatcher({ dataDir, port: 0, apiKey: "re_local_test" });
  stops.push(started.close);
  return { ...started, dataDir };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const message = { from: "Arcano <no-reply@arcano.it>", to: "giulia@esempio.it", subject: "Il tuo codice: 123456", html: "<p>123456</p>", text: "123456" };

describe("the local mail catcher", () => {
  it("takes what the real Resend SDK sends and lists it on the mailbox page and as JSON", async () => {
    const { url, mailboxUrl, accessToken } = await catcher();
    const { data, error } = await new Resend("re_local_test", { baseUrl: url }).emails.send(message);
    expect(error).toBeNull();
    expect(data?.id).toEqual(expect.any(String));

    const page = await (await fetch(mailboxUrl)).text();
    expect(page).toContain("Posta in arrivo locale");
    expect(page).toContain("Il tuo codice: 123456");
    const list = await (await fetch(`${url}/api/messages?to=giulia@esempio.it`, { headers: bearer(accessToken) })).json();
    expect(list).toMatchObject([{ subject: message.subject, to: ["giulia@esempio.it"], text: "123456" }]);
    // The page's links carry the token, so a person reading the mailbox never retypes it.
    const link = /href="([^"]*\/messages\/[^"]+)"/.exec(page)![1].replaceAll("&amp;", "&");
    const view = await (await fetch(new URL(link, url))).text();
    expect(view).toContain("Versione testo");
  });

  it("refuses a wrong API key, as Resend does", async () => {
    const { url } = await catcher();
    const { data, error } = await new Resend("re_wrong", { baseUrl: url }).emails.send(message);
    expect(data).toBeNull();
    expect(error?.statusCode).toBe(401);
  });

  it("answers a repeated idempotency key with the first email instead of a second one", async () => {
    const { url, accessToken } = await catcher();
    const resend = new Resend("re_local_test", { baseUrl: url });
    const first = await resend.emails.send(message, { idempotencyKey: "outbox-1" });
    const second = await resend.emails.send(message, { idempotencyKey: "outbox-1" });
    expect(second.data?.id).toBe(first.data?.id);
    expect(await (await fetch(`${url}/api/messages`, { headers: bearer(accessToken) })).json()).toHaveLength(1);
  });

  it("keeps the mailbox across a restart", async () => {
    const first = await catcher();
    await new Resend("re_local_test", { baseUrl: first.url }).emails.send(message);
    await first.close();
    stops.pop();
    const again = await startMailCatcher({ dataDir: first.dataDir, port: 0, apiKey: "re_local_test" });
    stops.push(again.close);
    expect(await (await fetch(`${again.url}/api/messages`, { headers: bearer(again.accessToken) })).json()).toHaveLength(1);
  });
});
