// The email of 'Avvisami': a day the client waited for has a free time again.
import { formatItalianDate } from "../model/format";
import { escapeHtml, layout, paragraph, textFooter, type RenderedEmail } from "./templates";

type TimeFreedFacts = { psychicName: string; date: string; bookingUrl: string };

export function timeFreedEmail({ psychicName, date, bookingUrl }: TimeFreedFacts): RenderedEmail {
  const day = formatItalianDate(date);
  const title = `Si è liberato un orario con ${psychicName}`;
  const line = `${psychicName} ha di nuovo un orario libero per ${day}. Gli orari si prenotano in ordine di pagamento: se ti interessa, prenota ora.`;
  return {
    subject: `Avvisami: orario libero con ${psychicName}, ${day}`,
    html: layout(
      title,
      paragraph(line) +
        `<p style="margin:20px 0"><a href="${escapeHtml(bookingUrl)}" style="background:#6e56cf;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Scegli l'orario</a></p>` +
        paragraph("Ti abbiamo avvisato una sola volta: l'avviso per questo giorno ora è chiuso."),
    ),
    text: `${title}\n\n${line}\n\n${bookingUrl}\n\nTi abbiamo avvisato una sola volta: l'avviso per questo giorno ora è chiuso.${textFooter}`,
  };
}
