// The Italian Connect pages: the hosted onboarding form an account link opens, the connected account's
// dashboard a login link opens (transfers received, payouts), the notices of spent links, and the Connect part
// of the local overview.
import type { OnboardingField, OnboardingForm } from "./onboardingForm.ts";
import { TEST_IBAN } from "./onboardingForm.ts";
import { escape, formatAmount, page, when } from "./pages.ts";
import type { AccountRecord, ApiObject } from "./store.ts";

const EXTRA_STYLE = `
fieldset{border:1px solid #cfc6e0;border-radius:8px;margin:16px 0;padding:8px 16px 16px}legend{font-weight:700;padding:0 6px}
.hint{color:#4a4060;font-size:14px;margin:4px 0 0}.check{display:flex;gap:10px;align-items:flex-start;margin-top:8px}
.check input{width:auto;margin-top:4px}.check label{margin:0;font-weight:600}
.balance{display:flex;gap:32px;flex-wrap:wrap}.balance p{margin:0}.figure{font-size:26px;font-weight:700}
`;

type FieldSpec = { name: OnboardingField; label: string; autocomplete: string; type?: string; hint?: string; optional?: boolean };

const PERSONAL: FieldSpec[] = [
  { name: "firstName", label: "Nome", autocomplete: "given-name" },
  { name: "lastName", label: "Cognome", autocomplete: "family-name" },
  { name: "birthDate", label: "Data di nascita", autocomplete: "bday", type: "date", hint: "Devi avere almeno 18 anni." },
  { name: "taxCode", label: "Codice fiscale (facoltativo)", autocomplete: "off", optional: true },
];
const ADDRESS: FieldSpec[] = [
  { name: "line1", label: "Indirizzo (via e numero civico)", autocomplete: "address-line1" },
  { name: "postalCode", label: "CAP", autocomplete: "postal-code" },
  { name: "city", label: "Città", autocomplete: "address-level2" },
];

type OnboardingPageState = { values?: Partial<OnboardingForm>; fieldErrors?: Partial<Record<OnboardingField, string>> };

/** The values an account already gave, to fill the form again (the IBAN is never shown back). */
function formValuesOf(record: AccountRecord): Partial<OnboardingForm> {
  const person = record.individual;
  if (!person) return {};
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    birthDate: `${person.dob.year}-${pad(person.dob.month)}-${pad(person.dob.day)}`,
    line1: person.address.line1,
    postalCode: person.address.postal_code,
    city: person.address.city,
  };
}

export function renderOnboarding(record: AccountRecord, action: string, state: OnboardingPageState = {}): string {
  const values = { ...formValuesOf(record), ...state.values };
  const errors = state.fieldErrors ?? {};
  const field = (spec: FieldSpec) => {
    const error = errors[spec.name];
    const described = [spec.hint ? `${spec.name}-hint` : "", error ? `${spec.name}-error` : ""].filter(Boolean).join(" ");
    return `<label for="${spec.name}">${spec.label}</label>
<input id="${spec.name}" name="${spec.name}" type="${spec.type ?? "text"}" autocomplete="${spec.autocomplete}"${spec.optional ? "" : " required"}
 value="${escape(String(values[spec.name] ?? ""))}"${described ? ` aria-describedby="${described}"` : ""}${error ? ' aria-invalid="true"' : ""}>
${spec.hint ? `<p class="hint" id="${spec.name}-hint">${spec.hint}</p>` : ""}${error ? `<p class="field-error" id="${spec.name}-error">${escape(error)}</p>` : ""}`;
  };
  const bank = record.bankAccount;
  const iban: FieldSpec = {
    name: "iban",
    label: "IBAN",
    autocomplete: "off",
    optional: Boolean(bank),
    hint: bank
      ? `Lascia vuoto per continuare a ricevere sul conto che termina con ${escape(bank.last4)}.`
      : "Il conto intestato a te su cui ricevere i versamenti.",
  };
  const hasErrors = Object.keys(errors).length > 0;
  const body = `<section class="panel" aria-labelledby="title">
<p class="merchant">Arcano · pagamenti con Stripe</p>
<h1 id="title" style="font-size:24px;margin-top:0">Configura i pagamenti</h1>
<p>Per ricevere i compensi dei tuoi consulti servono i tuoi dati e il conto su cui versarli.</p>
<p class="test">Pagina di prova locale al posto di Stripe: nessun dato lascia questo computer.
IBAN di prova: <strong>${TEST_IBAN}</strong>.</p>
<div id="form-alert" role="alert">${hasErrors ? `<p class="alert">Controlla i dati evidenziati e riprova.</p>` : ""}</div>
<form method="post" action="${escape(action)}" novalidate>
<fieldset><legend>Dati personali</legend>${PERSONAL.map(field).join("")}</fieldset>
<fieldset><legend>Indirizzo di residenza</legend>${ADDRESS.map(field).join("")}</fieldset>
<fieldset><legend>Conto per i versamenti</legend>${field(iban)}</fieldset>
<fieldset><legend>Documento d'identità</legend>
<p class="hint" id="document-hint">Stripe chiede un documento d'identità per verificare chi riceve i pagamenti. Senza, i versamenti restano sospesi finché non lo invii.</p>
<div class="check"><input type="checkbox" id="missingDocument" name="missingDocument" value="1" aria-describedby="document-hint"${values.missingDocument ? " checked" : ""}>
<label for="missingDocument">Manca un documento: invia senza documento d'identità</label></div>
</fieldset>
<p class="hint">Inviando accetti l'accordo di servizio per gli account collegati di Stripe (simulato in locale).</p>
<button type="submit" id="submit">Invia e torna ad Arcano</button>
</form>
</section>
${hasErrors ? `<script>var invalid = document.querySelector("[aria-invalid=true]"); if (invalid) invalid.focus();</script>` : ""}`;
  return page("Configura i pagamenti – Arcano", body, "", EXTRA_STYLE);
}

/** A page with one message: a link already used or expired, an unknown address, onboarding done. */
export function renderConnectNotice(title: string, message: string, link?: { href: string; label: string }): string {
  const back = link ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : "";
  return page(
    title,
    `<section class="panel"><p class="merchant">Arcano · pagamenti con Stripe</p><h1>${escape(title)}</h1><p>${escape(message)}</p>${back}</section>`,
  );
}

const day = (seconds: number) => new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeZone: "Europe/Rome" }).format(seconds * 1000);
const euro = (cents: number) => formatAmount(cents, "eur");

export function renderDashboard(record: AccountRecord, balance: { available: number }, transfers: ApiObject[], payouts: ApiObject[]): string {
  const name = record.individual ? `${record.individual.first_name} ${record.individual.last_name}` : record.id;
  const bank = record.bankAccount ? `IBAN che termina con ${record.bankAccount.last4}` : "nessun conto indicato";
  const transferRows = transfers
    .map((t) => {
      const net = Number(t.amount) - Number(t.amount_reversed);
      return `<tr><td>${escape(day(Number(t.created)))}</td><td>${escape(euro(Number(t.amount)))}</td>
<td>${Number(t.amount_reversed) ? escape(euro(Number(t.amount_reversed))) : "—"}</td><td>${escape(euro(net))}</td><td>${escape(String(t.transfer_group ?? t.id))}</td></tr>`;
    })
    .join("");
  const payoutRows = payouts
    .map(
      (p) => `<tr><td>${escape(day(Number(p.created)))}</td><td>${escape(euro(Number(p.amount)))}</td><td>${escape(day(Number(p.arrival_date)))}</td>
<td>${p.status === "paid" ? "Versato" : escape(String(p.status))}</td></tr>`,
    )
    .join("");
  const status = record.onboarding === "complete" ? "Pagamenti attivi" : "Verifica in sospeso: manca un documento d'identità";
  const body = `<p class="test">Pannello di prova locale al posto di quello di Stripe.</p>
<section class="panel" aria-labelledby="balance-title">
<h2 id="balance-title" style="margin-top:0">Saldo</h2>
<p>${escape(name)} · ${escape(bank)} · ${escape(status)}</p>
<div class="balance"><p>Disponibile<br><span class="figure">${escape(euro(balance.available))}</span></p>
<p>In arrivo<br><span class="figure">${escape(euro(0))}</span></p></div>
</section>
<h2 id="transfers-title">Trasferimenti ricevuti</h2>
${transfers.length ? `<table aria-labelledby="transfers-title"><thead><tr><th>Data</th><th>Importo</th><th>Stornato</th><th>Netto</th><th>Riferimento</th></tr></thead><tbody>${transferRows}</tbody></table>` : "<p>Nessun trasferimento finora.</p>"}
<h2 id="payouts-title">Versamenti sul conto</h2>
${payouts.length ? `<table aria-labelledby="payouts-title"><thead><tr><th>Data</th><th>Importo</th><th>Arrivo</th><th>Stato</th></tr></thead><tbody>${payoutRows}</tbody></table>` : "<p>Nessun versamento finora.</p>"}`;
  return page("Il tuo conto pagamenti – Arcano", body, `<header><h1>Il tuo conto pagamenti</h1></header>`, EXTRA_STYLE);
}

const ONBOARDING_LABELS: Record<AccountRecord["onboarding"], string> = {
  not_started: "da configurare",
  missing_document: "manca un documento",
  complete: "pagamenti attivi",
};

/** The overview's Connect sections: accounts with their balance, transfers, payouts. */
export function renderConnectOverview(
  accounts: Array<{ record: AccountRecord; available: number }>,
  transfers: ApiObject[],
  payouts: Array<{ account: string; object: ApiObject }>,
): string {
  const accountRows = accounts
    .map(
      ({ record, available }) => `<tr><td>${escape(when(record.created))}</td><td>${escape(record.id)}</td>
<td>${escape(record.individual ? `${record.individual.first_name} ${record.individual.last_name}` : (record.email ?? ""))}</td>
<td>${ONBOARDING_LABELS[record.onboarding]}</td><td>${escape(euro(available))}</td></tr>`,
    )
    .join("");
  const transferRows = transfers
    .map(
      (t) => `<tr><td>${escape(when(Number(t.created)))}</td><td>${escape(t.id)}</td><td>${escape(String(t.destination))}</td>
<td>${escape(euro(Number(t.amount)))}</td><td>${escape(euro(Number(t.amount_reversed)))}</td><td>${escape(String(t.source_transaction ?? ""))}</td></tr>`,
    )
    .join("");
  const payoutRows = payouts
    .map(
      ({ account, object }) => `<tr><td>${escape(when(Number(object.created)))}</td><td>${escape(object.id)}</td><td>${escape(account)}</td>
<td>${escape(euro(Number(object.amount)))}</td><td>${escape(String(object.status))}</td></tr>`,
    )
    .join("");
  return `<h2>Account collegati (Connect)</h2>
${accounts.length ? `<table><thead><tr><th>Creato</th><th>Account</th><th>Titolare</th><th>Stato</th><th>Saldo disponibile</th></tr></thead><tbody>${accountRows}</tbody></table>` : "<p>Nessun account collegato finora.</p>"}
<h2>Trasferimenti</h2>
${transfers.length ? `<table><thead><tr><th>Creato</th><th>Trasferimento</th><th>Destinazione</th><th>Importo</th><th>Stornato</th><th>Addebito di origine</th></tr></thead><tbody>${transferRows}</tbody></table>` : "<p>Nessun trasferimento finora.</p>"}
<h2>Versamenti</h2>
${payouts.length ? `<table><thead><tr><th>Creato</th><th>Versamento</th><th>Account</th><th>Importo</th><th>Stato</th></tr></thead><tbody>${payoutRows}</tbody></table>` : "<p>Nessun versamento finora.</p>"}`;
}
