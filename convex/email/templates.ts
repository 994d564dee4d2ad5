// Every email's words, in Italian, as HTML and plain text. Pure functions: the outbox stores what
// they return, so a sent email can be shown again exactly as it left.
import type { AccountType } from "../framework/validators";

export type RenderedEmail = { subject: string; html: string; text: string };

const accountTypeLabel: Record<AccountType, string> = { client: "Cliente", psychic: "Cartomante" };

/** Escapes text for HTML; every value from a person goes through it. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The branded frame: violet header with the name, white card, footer with the disclaimer. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f0fb;font-family:Arial,Helvetica,sans-serif;color:#21182e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#2b1a4a;padding:20px 28px;color:#f5d67b;font-family:Georgia,serif;font-size:24px;font-weight:bold">Arcano</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8f6fc;font-size:12px;color:#6b6478">
Arcano — consulti di cartomanzia. I consulti sono un servizio di intrattenimento e non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari.
</td></tr></table></td></tr></table></body></html>`;
}

export const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;

export const textFooter =
  "\n\n—\nArcano — consulti di cartomanzia. I consulti sono un servizio di intrattenimento e non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari.";

export function accountCreatedEmail(args: { fullName: string; accountType: AccountType; siteUrl: string }): RenderedEmail {
  const next =
    args.accountType === "psychic"
      ? "Completa il tuo profilo con biografia, specialità, prezzi e disponibilità, poi pubblicalo: i clienti potranno prenotare i tuoi consulti."
      : "Scegli un cartomante, prenota l'orario che preferisci e collegati alla chiamata dal browser.";
  const title = `Benvenuto su Arcano, ${args.fullName}`;
  return {
    subject: "Il tuo account Arcano è pronto",
    html: layout(
      title,
      paragraph(`Il tuo account ${accountTypeLabel[args.accountType].toLowerCase()} è stato creato.`) +
        paragraph(next) +
        `<p style="margin:20px 0"><a href="${escapeHtml(args.siteUrl)}" style="background:#6e56cf;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Vai su Arcano</a></p>`,
    ),
    text: `${title}\n\nIl tuo account ${accountTypeLabel[args.accountType].toLowerCase()} è stato creato.\n${next}\n\n${args.siteUrl}${textFooter}`,
  };
}

export function adminNewAccountEmail(args: { fullName: string; email: string; accountType: AccountType }): RenderedEmail {
  const rows = [
    ["Nome", args.fullName],
    ["Email", args.email],
    ["Tipo di account", accountTypeLabel[args.accountType]],
  ];
  return {
    // The name is whatever the person typed: it stays in the body, escaped, never in the subject.
    subject: `Nuovo account ${accountTypeLabel[args.accountType].toLowerCase()} su Arcano`,
    html: layout(
      "Nuova registrazione",
      `<table role="presentation" cellpadding="4">${rows
        .map(([label, value]) => `<tr><td style="color:#6b6478">${label}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
        .join("")}</table>`,
    ),
    text: `Nuova registrazione\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}${textFooter}`,
  };
}

export function passwordResetCodeEmail(args: { code: string; validMinutes: number }): RenderedEmail {
  return {
    subject: `Il tuo codice per reimpostare la password: ${args.code}`,
    html: layout(
      "Reimposta la password",
      paragraph("Hai chiesto di reimpostare la password del tuo account Arcano. Inserisci questo codice nella pagina di reimpostazione:") +
        `<p style="font-size:30px;letter-spacing:6px;font-weight:bold;margin:16px 0;color:#2b1a4a">${escapeHtml(args.code)}</p>` +
        paragraph(`Il codice vale ${args.validMinutes} minuti. Se non hai chiesto tu il cambio, ignora questa email: la tua password resta invariata.`),
    ),
    text: `Reimposta la password\n\nIl tuo codice: ${args.code}\nVale ${args.validMinutes} minuti. Se non hai chiesto tu il cambio, ignora questa email.${textFooter}`,
  };
}

/** The code that proves a new account's address; nothing the person typed is in it but the address it goes to. */
export function signUpCodeEmail(args: { code: string; validMinutes: number }): RenderedEmail {
  return {
    subject: `Il tuo codice per attivare l'account Arcano: ${args.code}`,
    html: layout(
      "Conferma il tuo indirizzo email",
      paragraph("Per completare la registrazione su Arcano, inserisci questo codice nella pagina di registrazione:") +
        `<p style="font-size:30px;letter-spacing:6px;font-weight:bold;margin:16px 0;color:#2b1a4a">${escapeHtml(args.code)}</p>` +
        paragraph(`Il codice vale ${args.validMinutes} minuti. Se non ti sei registrato tu, ignora questa email: nessun account verrà creato.`),
    ),
    text: `Conferma il tuo indirizzo email\n\nIl tuo codice: ${args.code}\nVale ${args.validMinutes} minuti. Se non ti sei registrato tu, ignora questa email: nessun account verrà creato.${textFooter}`,
  };
}

/**
 * A sign-up with an address that already has an account: the owner learns it (the page answers as for
 * a new address, so nobody can test which addresses have accounts).
 */
export function signUpExistingAccountEmail(args: { siteUrl: string }): RenderedEmail {
  const signIn = `${args.siteUrl}/login`;
  const reset = `${args.siteUrl}/reset-password`;
  // The spec's two "already registered" sentences: said to the address's owner, never to whoever typed it.
  const lines = [
    "Questo indirizzo email è già associato a un account.",
    "Qualcuno, forse tu, ha provato a registrarsi di nuovo su Arcano con questo indirizzo: non è stato creato nessun nuovo account.",
    "Questo indirizzo email è già registrato. Prova ad accedere invece.",
    "Se non ricordi la password, puoi reimpostarla. Se non sei stato tu, ignora questa email: il tuo account resta com'è.",
  ];
  return {
    subject: "Hai già un account Arcano",
    html: layout(
      "Hai già un account Arcano",
      lines.map(paragraph).join("") +
        `<p style="margin:0 0 12px"><a href="${escapeHtml(signIn)}">Accedi</a> · <a href="${escapeHtml(reset)}">Reimposta la password</a></p>`,
    ),
    text: `Hai già un account Arcano\n\n${lines.join("\n")}\n\nAccedi: ${signIn}\nReimposta la password: ${reset}${textFooter}`,
  };
}
