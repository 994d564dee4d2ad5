// The payouts' emails (docs/product-rules.md, "Payouts"): the admin's reminder to a psychic who has not
// finished Stripe's onboarding, with what waits for them.
import { formatCents } from "../model/format";
import { escapeHtml, layout, paragraph, textFooter, type RenderedEmail } from "./templates";

/** 'Invia un promemoria': the psychic is told what is owed to them and where to finish the onboarding. */
export function payoutOnboardingReminderEmail(args: { name: string; owedCents: number; settingsUrl: string }): RenderedEmail {
  const owed =
    args.owedCents > 0
      ? `Ti aspettano ${formatCents(args.owedCents)} dei tuoi consulti: ti verranno trasferiti appena i pagamenti saranno attivi.`
      : "Quando i pagamenti saranno attivi, i guadagni dei tuoi consulti ti verranno trasferiti dopo ogni consulto.";
  const lines = [
    `Ciao ${args.name},`,
    "non hai ancora completato la configurazione dei pagamenti con Stripe, che ci serve per versarti quanto guadagni su Arcano.",
    owed,
    "Bastano pochi minuti: apri le impostazioni dei pagamenti e scegli 'Ricevi i pagamenti'.",
  ];
  const title = "Completa la configurazione dei pagamenti";
  return {
    subject: args.owedCents > 0 ? `Ti aspettano ${formatCents(args.owedCents)}: completa i pagamenti su Arcano` : title,
    html: layout(
      title,
      lines.map(paragraph).join("") +
        `<p style="margin:20px 0"><a href="${escapeHtml(args.settingsUrl)}" style="background:#6e56cf;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Configura i pagamenti</a></p>`,
    ),
    text: `${title}\n\n${lines.join("\n")}\n\n${args.settingsUrl}${textFooter}`,
  };
}
