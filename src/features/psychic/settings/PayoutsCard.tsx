// 'Ricevi i pagamenti' (docs/product-rules.md, "Payouts"): the psychic's Stripe account as the Connect
// webhook last said it, live; the way into Stripe's onboarding and back (?pagamenti=fatto asks Stripe
// once, ?pagamenti=riprova means the link expired), and Stripe's own dashboard once payouts are enabled.
import { useEffect, useId, useRef, useState } from "react";
import { Badge, Button, Callout, Card, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { ExternalLinkIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import { useAction } from "convex/react";
import { useLocation, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { PayoutAccountState } from "@convex/model/payouts";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { paths } from "@/lib/paths";
import { payoutAccountStates, transferStates } from "@/lib/text/states";
import { requirementsInItalian } from "@/lib/text/payoutRequirements";
import { useMyPayoutAccount } from "../usePayoutAccount";

/** The card's anchor: the dashboard's banner links here. */
const PAYOUTS_CARD_ID = paths.psychicPayoutSettings.split("#")[1]!;

/** Stripe's return and refresh URLs (convex/payouts.ts startOnboarding) come back with this parameter. */
const RETURN_PARAM = "pagamenti";

const payoutsCardMessages = {
  title: "Ricevi i pagamenti",
  loading: "Caricamento dello stato dei pagamenti",
  loadFailed: "Impossibile caricare lo stato dei pagamenti. Ricarica la pagina per riprovare.",
  start: "Configura i pagamenti",
  resume: "Completa la configurazione",
  dashboard: "Apri il pannello Stripe",
  startFailed: "Impossibile aprire la configurazione dei pagamenti. Riprova.",
  dashboardFailed: "Impossibile aprire il pannello Stripe. Riprova.",
  refreshFailed: "Impossibile verificare ora lo stato dei pagamenti: si aggiornerà qui da solo.",
  linkExpired: "Il collegamento alla configurazione è scaduto o non è più valido. Riprendi da dove eri rimasto: i dati già inseriti restano salvati.",
} as const;

/** What each state tells the psychic, under its badge. */
const stateExplanations: Record<PayoutAccountState, string> = {
  not_started: `Per ricevere i guadagni dei consulti collega un conto con Stripe, il nostro fornitore di pagamenti: ti servono un documento d'identità e l'IBAN del conto. Fino ad allora i guadagni restano «${transferStates.awaiting_onboarding.label}».`,
  requirements_due: `Stripe ha bisogno di altre informazioni prima di attivare i pagamenti. Fino ad allora i guadagni restano «${transferStates.awaiting_onboarding.label}».`,
  pending_verification: "Stripe sta verificando i tuoi dati: di solito basta poco. Lo stato si aggiorna qui da solo.",
  enabled: "I guadagni di ogni consulto arrivano sul tuo account Stripe, che li versa sul tuo conto ogni lunedì.",
};

/**
 * A failure in Italian (src/lib/text/errors.ts); the server's PAYMENT_FAILED (Stripe unreachable or not set
 * up) speaks of a booking's payment, so here it reads as the card's own failure.
 */
function failureText(error: unknown, fallback: string): string {
  return errorMessage(error, fallback, { PAYMENT_FAILED: fallback });
}

/** The toast after the return from Stripe's onboarding, by what Stripe then said. */
const returnToasts: Record<PayoutAccountState, { title: string; description: string }> = {
  enabled: { title: "Pagamenti attivi", description: "Riceverai i guadagni dei consulti sul tuo conto." },
  pending_verification: { title: "Dati inviati a Stripe", description: "Stripe sta verificando i tuoi dati." },
  requirements_due: { title: "Configurazione da completare", description: "Stripe chiede ancora alcune informazioni: le trovi nella scheda." },
  not_started: { title: "Configurazione non completata", description: "Puoi riprendere quando vuoi." },
};

export function PayoutsCard() {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // A link to the card (the dashboard's banner) lands on it: the router does not scroll to anchors.
  useEffect(() => {
    if (hash !== `#${PAYOUTS_CARD_ID}`) return;
    sectionRef.current?.scrollIntoView({ block: "start" });
    sectionRef.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <Card size="3" asChild>
      <section id={PAYOUTS_CARD_ID} aria-labelledby={headingId} tabIndex={-1} ref={sectionRef}>
        <Heading as="h2" size="4" mb="3" id={headingId}>
          {payoutsCardMessages.title}
        </Heading>
        <ErrorBoundary fallback={<FailureCallout message={payoutsCardMessages.loadFailed} />}>
          <PayoutsCardBody />
        </ErrorBoundary>
      </section>
    </Card>
  );
}

function PayoutsCardBody() {
  const requirementsId = useId();
  const account = useMyPayoutAccount();
  const [searchParams] = useSearchParams();
  const linkExpired = searchParams.get(RETURN_PARAM) === "riprova";
  useReturnFromStripe(searchParams.get(RETURN_PARAM) === "fatto");

  if (account === undefined) return <Skeleton height="96px" aria-label={payoutsCardMessages.loading} />;
  const badge = payoutAccountStates[account.state];
  const asked = account.state === "requirements_due" ? requirementsInItalian(account.requirementsDue) : [];
  return (
    <Flex direction="column" gap="3" align="start">
      <Flex gap="2" align="center">
        <Text size="2" color="gray">
          Stato:
        </Text>
        <Badge color={badge.color} size="2">
          {badge.label}
        </Badge>
      </Flex>
      <Text as="p" size="2">
        {stateExplanations[account.state]}
      </Text>
      {asked.length > 0 ? (
        <Flex direction="column" gap="1">
          <Text as="p" size="2" weight="medium" id={requirementsId}>
            Stripe chiede:
          </Text>
          <ul aria-labelledby={requirementsId} style={{ margin: 0, paddingLeft: "1.25rem" }}>
            {asked.map((words) => (
              <li key={words}>
                <Text size="2">{words}</Text>
              </li>
            ))}
          </ul>
        </Flex>
      ) : null}
      {linkExpired && account.state !== "enabled" ? (
        <Callout.Root color="amber" highContrast role="status" size="1">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{payoutsCardMessages.linkExpired}</Callout.Text>
        </Callout.Root>
      ) : null}
      <PayoutsActions state={account.state} linkExpired={linkExpired} />
    </Flex>
  );
}

/**
 * Back from Stripe's onboarding (`?pagamenti=fatto`): asks Stripe once, in case its webhook is still on
 * its way, says what it answered, and drops the parameter so a reload does not ask again.
 */
function useReturnFromStripe(returned: boolean) {
  const refreshMyAccount = useAction(api.payouts.refreshMyAccount);
  const [, setSearchParams] = useSearchParams();
  const asked = useRef(false);
  useEffect(() => {
    if (!returned || asked.current) return;
    asked.current = true;
    void refreshMyAccount({})
      .then((state) => {
        const { title, description } = returnToasts[state ?? "not_started"];
        if (state === "enabled") toast.success(title, description);
        else toast.info(title, description);
      })
      .catch((error: unknown) => toast.error(failureText(error, payoutsCardMessages.refreshFailed)))
      .finally(() =>
        setSearchParams(
          (params) => {
            params.delete(RETURN_PARAM);
            return params;
          },
          { replace: true },
        ),
      );
  }, [returned, refreshMyAccount, setSearchParams]);
}

function PayoutsActions({ state, linkExpired }: { state: PayoutAccountState; linkExpired: boolean }) {
  const startOnboarding = useAction(api.payouts.startOnboarding);
  const dashboardLink = useAction(api.payouts.dashboardLink);
  const [pending, setPending] = useState<"onboarding" | "dashboard" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setPending("onboarding");
    setFailure(null);
    try {
      const { url } = await startOnboarding({});
      // The button stays busy until the browser has left for Stripe.
      window.location.assign(url);
    } catch (error) {
      setFailure(failureText(error, payoutsCardMessages.startFailed));
      setPending(null);
    }
  };

  const openDashboard = async () => {
    // The tab opens now, while the click still counts as the person's: one opened after the wait for
    // the link would be blocked as a pop-up. It gets the link once the server gives it.
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    setPending("dashboard");
    setFailure(null);
    try {
      const { url } = await dashboardLink({});
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setFailure(failureText(error, payoutsCardMessages.dashboardFailed));
    } finally {
      setPending(null);
    }
  };

  // While Stripe verifies there is nothing to fill in, unless the psychic came back from an expired link.
  const offerOnboarding = state === "not_started" || state === "requirements_due" || (state === "pending_verification" && linkExpired);
  return (
    <Flex direction="column" gap="3" align="start" width="100%">
      {offerOnboarding ? (
        <Button size="3" loading={pending === "onboarding"} disabled={pending !== null} onClick={() => void start()}>
          {state === "not_started" ? payoutsCardMessages.start : payoutsCardMessages.resume}
        </Button>
      ) : null}
      {state === "enabled" ? (
        <Button
          size="3"
          variant="soft"
          aria-label={`${payoutsCardMessages.dashboard} (si apre in una nuova scheda)`}
          loading={pending === "dashboard"}
          disabled={pending !== null}
          onClick={() => void openDashboard()}
        >
          {payoutsCardMessages.dashboard}
          <ExternalLinkIcon aria-hidden="true" />
        </Button>
      ) : null}
      <FailureCallout message={failure} />
    </Flex>
  );
}
