// The one table from the server's error codes to the Italian text people read. A code added to
// convex/framework/errors.ts without a message here fails the type-check.
import { ConvexError, type Value } from "convex/values";
import { isErrorCode, type ErrorCode } from "@convex/framework/errors";
import { MAX_PASSWORD_LENGTH } from "@convex/model/accounts";
import { PHOTO_MIN_PIXELS } from "@convex/model/profileRules";
import { bookingLimitMessage } from "./bookingLimitMessages";
import { limits } from "./rules";
import { spendingRefusalMessage } from "./spendingMessages";

export const errorMessages: Record<ErrorCode, string> = {
  NOT_AUTHENTICATED: "Accedi per continuare.",
  FORBIDDEN: "Non hai i permessi per questa operazione.",
  CLIENT_ONLY: "Questa operazione è riservata ai clienti.",
  PSYCHIC_ONLY: "Questa operazione è riservata ai cartomanti.",
  NOT_FOUND: "Elemento non trovato.",
  INVALID_INPUT: "Controlla i dati inseriti e riprova.",
  INVALID_CREDENTIALS: "Email o password errati.",
  // The spec's own words, kept literal; tests/ui/errorMessages.test.ts holds the number to MIN_PASSWORD_LENGTH.
  WEAK_PASSWORD: "La password deve essere di almeno 6 caratteri.",
  PASSWORD_TOO_LONG: `La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`,
  WRONG_CURRENT_PASSWORD: "La password attuale non è corretta.",
  CONSENT_REQUIRED: "Per registrarti devi dichiarare di avere almeno 18 anni e accettare i Termini e l'Informativa privacy.",
  TOO_MANY_ATTEMPTS: "Troppi tentativi di accesso non riusciti. Riprova tra qualche minuto.",
  RATE_LIMITED: "Hai fatto troppe richieste in poco tempo. Riprova più tardi.",
  ORIGIN_PASS_REQUIRED: "Non siamo riusciti a verificare la connessione. Controlla la rete, ricarica la pagina e riprova.",
  INVALID_RESET_CODE: "Il codice non è valido o è scaduto. Richiedine uno nuovo.",
  INVALID_SIGN_UP_CODE: "Il codice non è valido o è scaduto. Controlla l'email o fatti inviare un nuovo codice.",
  EMAIL_NOT_VERIFIED:
    "Prima di pagare conferma il tuo indirizzo email: esci, scegli «Password dimenticata?» e inserisci il codice che ti inviamo.",
  ADMIN_LOGIN_REQUIRED: "Gli account amministratore devono accedere dalla pagina dedicata.",
  INVALID_ADMIN_EMAIL: "Email non valida",
  PSYCHIC_REGISTRATION_DISABLED: "Le registrazioni per cartomanti sono attualmente disabilitate. Riprova più tardi.",
  BOOKING_DISABLED: "Le prenotazioni sono momentaneamente sospese. Riprova più tardi.",
  MAINTENANCE_MODE: "La piattaforma è in manutenzione. Riprova tra poco.",
  PROFILE_INCOMPLETE: "Completa nome, biografia e almeno una specialità.",
  DURATION_REQUIRED: "Seleziona almeno una durata per i consulti.",
  CONSULTATION_TYPE_REQUIRED: "Scegli almeno un tipo di consulto: voce, chat o entrambi.",
  DAY_WITHOUT_HOURS: "Un giorno segnato come disponibile non ha orari: aggiungi almeno una fascia oraria o togli la spunta.",
  PSYCHIC_UNAVAILABLE: "Il cartomante non è al momento disponibile.",
  INVALID_PHOTO: `La foto deve essere un'immagine JPEG, PNG o WebP di al massimo ${limits.photoMax}.`,
  PHOTO_HAS_MARKUP: "Il file contiene codice HTML o script nascosto e non può essere usato come foto. Carica una normale immagine JPEG, PNG o WebP.",
  PHOTO_TYPE_MISMATCH: "Il tipo del file non corrisponde al suo contenuto. Carica un'immagine JPEG, PNG o WebP con l'estensione giusta.",
  PHOTO_TOO_SMALL: `La foto deve essere di almeno ${PHOTO_MIN_PIXELS}×${PHOTO_MIN_PIXELS} pixel.`,
  UPLOAD_NOT_OWNED: "Questo file non è stato caricato da te. Carica di nuovo la foto.",
  PROFILE_SUSPENDED: "Il tuo profilo è sospeso dall'amministrazione: non puoi renderlo visibile.",
  PROFILE_CHANGED: "Il profilo è cambiato dopo che l'hai aperto: rileggilo prima di approvarlo o rifiutarlo.",
  VERIFICATION_CALL_REQUIRED:
    "Non puoi approvare questo profilo: la chiamata di verifica non risulta fatta con esito positivo. Registrala prima di approvare.",
  REMINDER_ALREADY_SENT: "Un promemoria è già stato inviato a questo cartomante nelle ultime 24 ore: potrai inviarne un altro domani.",
  SLOT_TAKEN: "Questo orario è appena stato prenotato. Scegline un altro.",
  SLOT_UNAVAILABLE: "L'orario scelto non è disponibile.",
  SLOT_TOO_SOON: `Si può prenotare solo con almeno ${limits.bookingNoticeMinutes} di anticipo.`,
  SLOT_TOO_FAR: "Questa data è oltre il calendario delle prenotazioni. Scegline una più vicina.",
  DURATION_NOT_OFFERED: "Il cartomante non offre questa durata.",
  // Also refused admin moves (a message already read or replied, a profile no longer in review).
  INVALID_STATE: "L'operazione non è più possibile: lo stato è cambiato nel frattempo. Aggiorna la pagina.",
  CANCELLATION_NOT_ALLOWED: "Questo consulto non può più essere annullato.",
  PAYMENT_FAILED: "Impossibile creare il pagamento. Riprova.",
  TOO_MANY_HOLDS: `Hai già ${limits.maxLiveHolds} prenotazioni in attesa di pagamento. Completale o attendi che scadano.`,
  HOLD_SAME_DATE:
    "Hai già un orario in attesa di pagamento con questo cartomante in questa data. Completa quel pagamento o annullalo prima di sceglierne un altro.",
  HOLD_LIMIT_REACHED: `Hai avviato troppi pagamenti senza completarli nelle ultime ${limits.holdCoolDown}. Riprova più tardi.`,
  NOT_A_HOLD: "Questo consulto risulta già pagato: lo trovi nella tua dashboard.",
  UPCOMING_LIMIT: `Hai già ${limits.maxUpcoming} consulti in programma: potrai prenotarne altri quando se ne sarà svolto qualcuno.`,
  SAME_PSYCHIC_WEEK_LIMIT: `Hai già ${limits.maxUpcomingPerPsychicWeek} consulti in programma con questo cartomante in questa settimana: scegli un giorno di un'altra settimana.`,
  SAME_PSYCHIC_DAY_LIMIT: `Hai già ${limits.maxUpcomingPerPsychicDay} consulti in programma con questo cartomante in questa data: scegli un altro giorno.`,
  PSYCHIC_DAY_HOLDS_FULL:
    "In questo momento altre persone stanno completando il pagamento per questa data con questo cartomante. Riprova tra qualche minuto o scegli un altro giorno.",
  FULL_REFUNDS_PAUSE: `Hai annullato ${limits.fullRefundsBeforePause} consulti con rimborso completo negli ultimi ${limits.fullRefundsWindow}: per ${limits.bookingPause} dall'ultimo annullamento non puoi prenotarne di nuovi.`,
  CHECKOUT_CONSENT_REQUIRED:
    "Per pagare devi chiedere che il consulto si svolga nella data scelta e confermare di aver letto le condizioni di cancellazione: spunta la casella sopra il pulsante.",
  SPENDING_LIMIT_REACHED: "Con questo consulto supereresti il limite di spesa mensile che hai scelto. Puoi cambiarlo nelle impostazioni.",
  SPENDING_PAUSED: "Hai messo in pausa i pagamenti: fino alla fine della pausa non puoi prenotare nuovi consulti.",
  REFUND_CHANGED: "Nel frattempo il rimborso previsto è cambiato. Controlla il nuovo importo e conferma di nuovo.",
  RESCHEDULE_TOO_LATE: `Il consulto si può spostare solo fino a ${limits.rescheduleNotice} prima dell'inizio.`,
  RESCHEDULE_LIMIT_REACHED: `Hai già spostato questo consulto ${limits.maxReschedules}: non è possibile spostarlo ancora.`,
  CONSULTATION_NOT_ENDED: "Potrai aggiornare lo stato del consulto solo dopo la sua fine.",
  CLIENT_ATTENDED: "Il cliente risulta presente nella chiamata: non puoi segnarlo assente.",
  PSYCHIC_NOT_PRESENT:
    "Dalla chiamata risulti presente troppo poco mentre il cliente era collegato: il consulto non risulta svolto e il cliente viene rimborsato per intero.",
  CALL_NOT_OPEN: "La chiamata non è ancora disponibile.",
  CALL_ENDED: "Il consulto non è più disponibile: il tempo è scaduto.",
  NOT_VOICE_CONSULTATION: "Questo consulto non è una consultazione vocale.",
  NOT_CHAT_CONSULTATION: "Questo consulto non è una consultazione in chat.",
  CONSULTATION_TYPE_NOT_OFFERED: "Questo cartomante non offre questo tipo di consulto: scegline un altro.",
  MESSAGE_EMPTY: "Scrivi qualcosa prima di inviare.",
  MESSAGE_TOO_LONG: `Il messaggio è troppo lungo: al massimo ${limits.chatMessageMaxLength} caratteri.`,
  TRANSCRIPT_EXPIRED: `La conversazione non è più disponibile: il cartomante può rileggerla per ${limits.chatTranscriptPsychicDays} giorni dopo il consulto.`,
  BOOKING_NOT_CONFIRMED: "Prenotazione non trovata o non confermata.",
  REVIEW_NOT_ALLOWED: "Puoi recensire solo un consulto completato.",
  ALREADY_REVIEWED: "Hai già recensito questo consulto.",
  REVIEW_EDIT_EXPIRED: `La recensione si può modificare solo entro ${limits.reviewEditWindow} dalla pubblicazione.`,
  TIMES_STILL_FREE: "Ci sono ancora orari liberi: puoi prenotare subito.",
  ALERT_LIMIT_REACHED: "Hai già troppi avvisi attivi. Disattivane qualcuno e riprova.",
  NOT_A_WORKING_DAY: "Il cartomante non riceve in questo giorno della settimana: l'avviso vale solo per i giorni in cui lavora ed è al completo.",
  CONDUCT_NOT_ACCEPTED: "Per pubblicare il profilo accetta prima il codice di condotta.",
  CONDUCT_OUTDATED: "Il codice di condotta è stato aggiornato: rileggilo e accetta la nuova versione.",
  REPORT_NOT_ALLOWED: "Puoi segnalare solo un consulto già iniziato o concluso.",
  ALREADY_REPORTED: "Hai già segnalato questo consulto: ti risponderemo via email.",
};

const unexpectedErrorMessage = "Si è verificato un errore imprevisto. Riprova.";

/** The server's code of a failure, or null for an unexpected error. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    const code = typeof data === "object" && data !== null ? (data as { code?: unknown }).code : data;
    if (isErrorCode(code)) return code;
  }
  return null;
}

/**
 * The Italian text for a failure: the screen's own wording for some codes (`overrides`), the table's
 * otherwise, and `fallback` for anything unexpected (a network error, a bug).
 */
export function errorMessage(error: unknown, fallback: string = unexpectedErrorMessage, overrides: Partial<Record<ErrorCode, string>> = {}): string {
  const code = errorCodeOf(error);
  if (code === null) return fallback;
  const data = (error as ConvexError<Record<string, Value>>).data;
  const withFigures = spendingRefusalMessage(code, data) ?? bookingLimitMessage(code, data);
  return overrides[code] ?? withFigures ?? errorMessages[code];
}
