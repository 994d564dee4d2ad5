// The local mailbox's pages: a list of every email caught, newest first, and one email's view.
/** One email as the catcher received it. */
export type CaughtEmail = {
  id: string;
  receivedAt: number;
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  /** Attachments as Resend receives them (base64 content), decoded so tests can read an invitation. */
  attachments?: Array<{ filename: string; contentType?: string; content: string }>;
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const when = (ms: number) => new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Rome" }).format(ms);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f0fb;color:#21182e}
header{background:#2b1a4a;color:#f5d67b;padding:16px 24px}header h1{margin:0;font-family:Georgia,serif}
main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e6e0f0;font-size:14px}
a{color:#5b3fc4}.empty{background:#fff;padding:24px;border-radius:8px}
pre{white-space:pre-wrap;background:#fff;padding:16px;border-radius:8px}
iframe{width:100%;height:520px;border:1px solid #e6e0f0;border-radius:8px;background:#fff}
</style></head><body><header><h1>${escape(title)}</h1></header><main>${body}</main></body></html>`;
}

/** `?token=…` for the links between the mailbox's own pages. */
const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

export function renderMailbox(emails: CaughtEmail[], token: string): string {
  const intro = `<p>Le email inviate dall'app in locale arrivano qui invece che ai destinatari reali.</p>`;
  if (emails.length === 0) {
    return page("Posta in arrivo locale", `${intro}<p class="empty">Nessuna email inviata finora.</p>`);
  }
  const rows = emails
    .map(
      (email) => `<tr><td>${escape(when(email.receivedAt))}</td><td>${escape(email.to.join(", "))}</td>
<td><a href="${escape(withToken(`/messages/${email.id}`, token))}">${escape(email.subject)}</a></td></tr>`,
    )
    .join("");
  return page(
    "Posta in arrivo locale",
    `${intro}<table><thead><tr><th>Ricevuta</th><th>Destinatario</th><th>Oggetto</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function renderMessage(email: CaughtEmail, token: string): string {
  const meta = `<p><a href="${escape(withToken("/", token))}">← Posta in arrivo</a></p>
<p><strong>Da:</strong> ${escape(email.from)}<br><strong>A:</strong> ${escape(email.to.join(", "))}<br>
<strong>Ricevuta:</strong> ${escape(when(email.receivedAt))}</p>`;
  const html = email.html
    ? `<h2>Versione HTML</h2><iframe sandbox src="${escape(withToken(`/messages/${email.id}/body`, token))}" title="Contenuto HTML"></iframe>`
    : "";
  const text = email.text ? `<h2>Versione testo</h2><pre>${escape(email.text)}</pre>` : "";
  return page(email.subject, meta + html + text);
}

/** Without the access token: how to open the mailbox. */
export function renderLocked(): string {
  return page(
    "Posta in arrivo locale",
    `<p class="empty">Per leggere la posta serve il codice di accesso. Apri l'indirizzo completo della posta in arrivo che
<code>npm start</code> ha stampato all'avvio (termina con <code>?token=…</code>); il codice cambia a ogni avvio ed è anche
nel file <code>access-token</code> della cartella dei dati della posta (<code>.local-data/mail/</code>).</p>`,
  );
}
