// The Italian pages: the hosted checkout of one session, the page of a session no longer payable, and the
// local overview of every session and webhook event (and its locked page, without the access token).
import type { CardField, CardForm } from "./cards.ts";
import type { SessionRecord, StoredEvent } from "./store.ts";

export const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat("it-IT", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

export const when = (seconds: number) =>
  new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Rome" }).format(seconds * 1000);

// Contrast: every text colour here is at least 7:1 on its background.
const STYLE = `
*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;background:#f4f0fb;color:#1d1430;line-height:1.45}
main{max-width:960px;margin:0 auto;padding:24px}
.checkout{display:grid;gap:24px;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));align-items:start}
.panel{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
.merchant{font-family:Georgia,serif;font-size:22px;color:#2b1a4a;margin:0 0 8px;font-weight:bold}
.amount{font-size:34px;font-weight:700;margin:4px 0 16px}
.item{border-top:1px solid #e6e0f0;padding-top:12px}.item p{margin:2px 0}.muted{color:#4a4060}
label{display:block;font-weight:600;margin:14px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b5f80;border-radius:8px;background:#fff;color:#1d1430}
input:focus,button:focus,a:focus{outline:3px solid #5b3fc4;outline-offset:2px}
input::placeholder{color:#5f5475}input[aria-invalid=true]{border-color:#a3001b;border-width:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.field-error{color:#a3001b;margin:4px 0 0;font-size:14px}
.alert{background:#fde8ec;color:#7a0015;border:1px solid #a3001b;border-radius:8px;padding:12px;margin:0 0 8px;font-weight:600}
button{margin-top:20px;width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:#2b1a4a;color:#fff;cursor:pointer}
button[disabled]{background:#4a4060}
a{color:#4b2fb0}.cancel{display:inline-block;margin-top:16px}
.test{background:#fff6d6;color:#3d2e00;border-radius:8px;padding:8px 12px;font-size:14px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden;margin-bottom:24px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e6e0f0;font-size:14px;vertical-align:top}
header{background:#2b1a4a;color:#f5d67b;padding:16px 24px}header h1{margin:0;font-family:Georgia,serif}
`;

export function page(title: string, body: string, header = "", extraStyle = ""): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}${extraStyle}</style></head><body>${header}<main>${body}</main></body></html>`;
}

const FIELDS: Array<{ name: CardField; label: string; type: string; autocomplete: string; extra?: string }> = [
  { name: "email", label: "Email", type: "email", autocomplete: "email" },
  { name: "cardNumber", label: "Numero della carta", type: "text", autocomplete: "cc-number", extra: 'inputmode="numeric" placeholder="1234 1234 1234 1234"' },
  { name: "expiry", label: "Scadenza (MM/AA)", type: "text", autocomplete: "cc-exp", extra: 'inputmode="numeric" placeholder="MM/AA"' },
  { name: "cvc", label: "CVC", type: "text", autocomplete: "cc-csc", extra: 'inputmode="numeric" maxlength="4"' },
  { name: "name", label: "Intestatario", type: "text", autocomplete: "cc-name" },
];

type CheckoutPageState = { values?: Partial<CardForm>; fieldErrors?: Partial<Record<CardField, string>>; decline?: string };

export function renderCheckout(session: SessionRecord, state: CheckoutPageState = {}): string {
  const amount = formatAmount(session.amount_total, session.currency);
  const values: Partial<CardForm> = { email: session.customer_email ?? "", ...state.values };
  const errors = state.fieldErrors ?? {};
  const hasErrors = Object.keys(errors).length > 0 || Boolean(state.decline);
  const items = session.lineItems
    .map(
      (item) => `<div class="item"><p><strong>${escape(item.name)}</strong></p>
${item.description ? `<p class="muted">${escape(item.description)}</p>` : ""}
<p>${item.quantity > 1 ? `${item.quantity} × ` : ""}${escape(formatAmount(item.unitAmount, item.currency))}</p></div>`,
    )
    .join("");
  const field = (spec: (typeof FIELDS)[number]) => {
    const error = errors[spec.name];
    const errorId = `${spec.name}-error`;
    return `<label for="${spec.name}">${spec.label}</label>
<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" ${spec.extra ?? ""} required
 value="${escape(spec.name === "cvc" || spec.name === "cardNumber" ? "" : (values[spec.name] ?? ""))}"${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""}>
${error ? `<p class="field-error" id="${errorId}">${escape(error)}</p>` : ""}`;
  };
  const [email, cardNumber, expiry, cvc, name] = FIELDS.map(field);
  const summary = state.decline ?? (hasErrors ? "Controlla i dati evidenziati e riprova." : "");
  const body = `<div class="checkout">
<section class="panel" aria-labelledby="merchant">
<p class="merchant" id="merchant">Arcano</p>
<p class="muted">Importo da pagare</p>
<p class="amount">${escape(amount)}</p>
${items}
</section>
<section class="panel" aria-labelledby="pay-title">
<h1 id="pay-title" style="font-size:20px;margin-top:0">Paga con carta</h1>
<p class="test">Pagamento di prova locale: nessun addebito reale. Carta che paga: 4242 4242 4242 4242.</p>
<div id="form-alert" role="alert">${summary ? `<p class="alert">${escape(summary)}</p>` : ""}</div>
<form method="post" action="/c/pay/${escape(session.id)}" novalidate>
${email}
${cardNumber}
<div class="row"><div>${expiry}</div><div>${cvc}</div></div>
${name}
<button type="submit" id="pay">Paga ${escape(amount)}</button>
</form>
${session.cancel_url ? `<a class="cancel" href="/c/pay/${escape(session.id)}/cancel">Annulla e torna al sito</a>` : ""}
</section></div>
<script>
// One payment per click: the button is disabled while the form is sent, and usable again if the
// browser's Back button returns to this page.
var payButton = document.getElementById("pay");
var payLabel = payButton.textContent;
document.querySelector("form").addEventListener("submit", function () {
  payButton.disabled = true;
  payButton.textContent = "Pagamento in corso…";
});
window.addEventListener("pageshow", function () {
  payButton.disabled = false;
  payButton.textContent = payLabel;
});
${hasErrors ? `var invalid = document.querySelector("[aria-invalid=true]"); if (invalid) invalid.focus(); else document.getElementById("cardNumber").focus();` : ""}
</script>`;
  return page(`Paga ${amount} – Arcano`, body);
}

/** A session that can no longer be paid: expired, or already paid. */
export function renderClosed(session: SessionRecord, successUrl: string | null): string {
  const paid = session.status === "complete";
  const message = paid
    ? "Questo pagamento è già stato completato. Non ti verrà addebitato nulla di nuovo."
    : "Questa sessione di pagamento è scaduta o è stata annullata: non è più possibile pagare qui.";
  const back = paid ? (successUrl ?? session.cancel_url) : session.cancel_url;
  const link = back ? `<p><a href="${escape(back)}">${paid ? "Vedi la conferma sul sito" : "Torna al sito"}</a></p>` : "";
  const title = paid ? "Pagamento già completato" : "Sessione di pagamento scaduta";
  return page(title, `<section class="panel"><p class="merchant">Arcano</p><h1>${title}</h1><p>${message}</p>${link}</section>`);
}

/** The overview without its access token: where to find it, and nothing of the payments. */
export function renderLocked(): string {
  return page(
    "Pagamenti Stripe locali",
    `<section class="panel"><h1>Serve il codice di accesso</h1><p>Per vedere i pagamenti locali apri l'indirizzo completo che
<code>npm start</code> ha stampato all'avvio (termina con <code>?token=…</code>); il codice cambia a ogni avvio ed è anche nel
file <code>access-token</code> della cartella dei dati di Stripe (<code>.local-data/stripe/</code>).</p></section>`,
    `<header><h1>Pagamenti Stripe locali</h1></header>`,
  );
}

export function renderNotFound(): string {
  return page("Sessione non trovata", `<section class="panel"><p class="merchant">Arcano</p><h1>Sessione di pagamento non trovata</h1>
<p>Il link di pagamento non è valido. Torna al sito e riprova.</p></section>`);
}

const DELIVERY_LABELS: Record<StoredEvent["delivery"]["state"], string> = {
  pending: "in attesa",
  delivered: "consegnato",
  failed: "non consegnato",
  no_endpoint: "nessun endpoint",
};
const SESSION_LABELS: Record<SessionRecord["status"], string> = { open: "aperta", complete: "pagata", expired: "scaduta" };

/** `connect` is the Connect part of the page (connectPages.ts), placed before the events. */
export function renderOverview(sessions: SessionRecord[], events: StoredEvent[], webhookUrl: string | undefined, connect = ""): string {
  const sessionRows = sessions
    .map(
      (s) => `<tr><td>${escape(when(s.created))}</td><td>${s.status === "open" ? `<a href="/c/pay/${escape(s.id)}">${escape(s.id)}</a>` : escape(s.id)}</td>
<td>${escape(s.lineItems[0]?.name ?? "")}</td><td>${escape(formatAmount(s.amount_total, s.currency))}</td><td>${SESSION_LABELS[s.status]}</td>
<td>${escape(s.client_reference_id ?? "")}</td></tr>`,
    )
    .join("");
  const eventRows = events
    .map(
      ({ event, delivery }) => `<tr><td>${escape(when(event.created))}</td><td>${escape(event.type)}</td><td>${escape(event.id)}</td>
<td>${escape(event.account ?? "piattaforma")}</td>
<td>${DELIVERY_LABELS[delivery.state]}</td><td>${delivery.attempts}</td><td>${escape(delivery.lastError ?? (delivery.lastStatus ? String(delivery.lastStatus) : ""))}</td></tr>`,
    )
    .join("");
  const body = `<p>Le sessioni di pagamento create dall'app in locale e gli eventi webhook inviati a
<code>${escape(webhookUrl ?? "nessun endpoint configurato")}</code>. Nessun addebito reale.</p>
<h2>Sessioni di pagamento</h2>
${sessions.length ? `<table><thead><tr><th>Creata</th><th>Sessione</th><th>Descrizione</th><th>Importo</th><th>Stato</th><th>Riferimento</th></tr></thead><tbody>${sessionRows}</tbody></table>` : "<p>Nessuna sessione finora.</p>"}
${connect}
<h2>Eventi webhook</h2>
${events.length ? `<table><thead><tr><th>Creato</th><th>Tipo</th><th>Evento</th><th>Account</th><th>Consegna</th><th>Tentativi</th>
<th>Ultimo esito</th></tr></thead><tbody>${eventRows}</tbody></table>` : "<p>Nessun evento finora.</p>"}`;
  return page("Pagamenti Stripe locali", body, `<header><h1>Pagamenti Stripe locali</h1></header>`);
}
