// 'Paga e prenota': holds the chosen time on the server and leaves for the hosted checkout. One action
// for the page's checkout column and the phone's pay bar.
import { useEffect, useId, useState } from "react";
import { useAction } from "convex/react";
import type { FunctionArgs } from "convex/server";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@/lib/text/errors";
import { fetchOriginPass } from "@/lib/account/originPass";
import type { BookingChoice } from "./useBookingChoice";

type Duration = FunctionArgs<typeof api.payments.startCheckout>["durationMinutes"];

/** Paying needs a date, a time and a signed-in client. */
const MISSING_CHOICE_MESSAGE = "Seleziona una data, un orario e assicurati di essere autenticato.";
const NO_ANSWER_MESSAGE = "Nessuna risposta dalla funzione di pagamento";
const NO_URL_MESSAGE = "URL di pagamento non ricevuto";
/** Shown with the server's failures that carry no code (a bug, a timeout), not for refusals. */
const CREATE_FAILED_MESSAGE = "Errore nella creazione del pagamento";

class CheckoutAnswerError extends Error {}

type Request = { psychicProfileId: string; choice: BookingChoice; isClient: boolean; notes: string; consent: boolean; onStarted: () => void };

/** The tick of the consent at checkout, kept for the one choice (`key`) it was given for. */
export function useConsentFor(key: string) {
  const hintId = useId();
  const [givenFor, setGivenFor] = useState<string | null>(null);
  return { given: givenFor === key, set: (checked: boolean) => setGivenFor(checked ? key : null), hintId };
}

export function useCheckout() {
  const startCheckout = useAction(api.payments.startCheckout);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Back from the checkout through the browser's page cache: the page is usable again, not stuck paying.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const pay = async ({ psychicProfileId, choice, isClient, notes, consent, onStarted }: Request) => {
    if (choice.date === null || choice.time === null || !isClient) {
      setFailure(MISSING_CHOICE_MESSAGE);
      return;
    }
    setFailure(null);
    setPaying(true);
    try {
      const trimmed = notes.trim();
      const originPass = await fetchOriginPass();
      const started = await startCheckout({
        psychicProfileId,
        consultationType: choice.consultationType,
        durationMinutes: choice.duration as Duration,
        date: choice.date,
        time: choice.time,
        ...(trimmed ? { notes: trimmed } : {}),
        ...(originPass ? { originPass } : {}),
        consent,
      });
      // The spec's wording for an answer that cannot be used (an older server, a proxy in the way).
      if (!started) throw new CheckoutAnswerError(NO_ANSWER_MESSAGE);
      if (!started.url) throw new CheckoutAnswerError(NO_URL_MESSAGE);
      // The notes went with the hold; the page stays in its paying state until the browser has left for the checkout.
      onStarted();
      window.location.assign(started.url);
    } catch (error) {
      // A refusal with a code reads as that code's message (PAYMENT_FAILED: 'Impossibile creare il
      // pagamento. Riprova.'); an unusable answer or an unexpected failure as the spec words them.
      setFailure(errorMessage(error, error instanceof CheckoutAnswerError ? error.message : CREATE_FAILED_MESSAGE));
      setPaying(false);
    }
  };

  return { paying, setPaying, failure, pay };
}
