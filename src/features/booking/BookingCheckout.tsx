// The end of the booking page: notes, the summary with this booking's own refund terms, and paying (or what
// stands in its way: signing in, or an account that cannot book).
import { useId, type ReactNode } from "react";
import { Button, Callout, Card, DataList, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { InfoCircledIcon, LockClosedIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { consultationTypeWords, NOTES_MAX_LENGTH } from "@convex/model/bookings";
import { FailureCallout } from "@/components/form/FailureCallout";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { formatCents, formatItalianDate, formatMinutes } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { CONSULTATION_TYPE_PARAM } from "@/lib/catalogue/consultationTypeParam";
import { typeParamOf, type BookingChoice } from "./useBookingChoice";
import type { OwnRefundTerms } from "./useRefundTerms";

/** The refund rules in one sentence, before paying (docs/product-rules.md, "Locale"). */
const CANCELLATION_RULES = `Puoi annullare fino a ${limits.fullRefundNotice} prima con rimborso completo; tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima il rimborso è del ${limits.halfRefund}; dopo, o in caso di assenza, non è previsto rimborso.`;

/** Where the decision is made, the footer's honest framing (docs/product-rules.md, "Locale"). */
const ENTERTAINMENT_NOTICE =
  "I consulti di cartomanzia sono un servizio di intrattenimento e non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari.";

export function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Note per il cartomante (facoltative)
      </Text>
      <TextArea
        id={id}
        size="3"
        rows={4}
        maxLength={NOTES_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, NOTES_MAX_LENGTH))}
        placeholder="Ad esempio l'argomento del consulto o una domanda da cui partire."
        aria-describedby={`${id}-count`}
      />
      <Text id={`${id}-count`} size="1" color="gray" align="right">
        {value.length}/{NOTES_MAX_LENGTH} caratteri
      </Text>
    </Flex>
  );
}

type SummaryProps = {
  psychicName: string;
  choice: BookingChoice;
  priceCents: number | null;
  /** This booking's own refund terms (the chosen time and price); the general rule until a time is chosen. */
  terms: OwnRefundTerms | null;
  /** What this consultation does to the client's own spending limit, once a time is chosen. */
  spending?: ReactNode;
};

export function BookingSummary({ psychicName, choice, priceCents, terms, spending = null }: SummaryProps) {
  const termsId = useId();
  const headingId = useId();
  const missing = <Text color="gray">Da scegliere</Text>;
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" id={headingId}>
          Riepilogo
        </Heading>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Cartomante</DataList.Label>
            <DataList.Value>{psychicName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Servizio</DataList.Label>
            <DataList.Value>{consultationTypeWords[choice.consultationType].consultation}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Durata</DataList.Label>
            <DataList.Value>{formatMinutes(choice.duration)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Data</DataList.Label>
            <DataList.Value>{choice.date ? formatItalianDate(choice.date) : missing}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Ora</DataList.Label>
            <DataList.Value>{choice.time ?? missing}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Totale</DataList.Label>
            <DataList.Value>
              {priceCents === null ? (
                missing
              ) : (
                <Flex direction="column">
                  <Text weight="bold" size="4">
                    {formatCents(priceCents)}
                  </Text>
                  <Text size="1" color="gray">
                    IVA inclusa
                  </Text>
                </Flex>
              )}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {spending}
        {terms === null ? (
          <Text as="p" size="2" color="gray">
            {CANCELLATION_RULES}
          </Text>
        ) : (
          <Flex direction="column" gap="1">
            <Text as="p" size="2" weight="medium" id={termsId}>
              Se annulli questo consulto
            </Text>
            {/* Live: a time just over 24 hours ahead turns to the 50 % terms while the page is open. */}
            <ul className="booking-terms" aria-labelledby={termsId} aria-live="polite">
              {terms.lines.map((line) => (
                <li key={line}>
                  <Text size="2">{line}</Text>
                </li>
              ))}
            </ul>
          </Flex>
        )}
        <Text as="p" size="2" color="gray">
          {ENTERTAINMENT_NOTICE}
        </Text>
      </section>
    </Flex>
  );
}

type PayProps = {
  disabled: boolean;
  paying: boolean;
  onPay: () => void;
  failure: string | null;
  /** Why paying is not offered for the choice made (the client's own hold on that date). */
  note?: string | null;
  /** On a phone the button and its failure are in the pay bar; here only the note stays. */
  inBar?: boolean;
  /** What else explains a disabled button (the consent's hint). */
  describedBy?: string;
  /** Why the button is disabled, said under it and read as its description (not the consent: its hint is above). */
  reason?: string | null;
};

export function PayButton({ disabled, paying, onPay, failure, note = null, inBar = false, describedBy, reason = null }: PayProps) {
  const reasonId = useId();
  const noteId = useId();
  const noteText = note ? (
    <Text as="p" size="2" color="amber" id={noteId}>
      {note}
    </Text>
  ) : null;
  if (inBar) return noteText;
  const shownReason = reason !== null && !paying ? reason : null;
  return (
    <Flex direction="column" gap="3">
      <FailureCallout message={failure} />
      {noteText}
      <PayAction
        size="4"
        disabled={disabled}
        paying={paying}
        onPay={onPay}
        describedBy={[describedBy, note ? noteId : undefined, shownReason === null ? undefined : reasonId].filter(Boolean).join(" ") || undefined}
      />
      {shownReason === null ? null : (
        <Text as="p" size="2" color="gray" align="center" id={reasonId}>
          {shownReason}
        </Text>
      )}
      {paying ? (
        <PayingStatus />
      ) : (
        <Text size="1" color="gray" align="center">
          Il pagamento avviene sulla pagina sicura del nostro fornitore di pagamenti con carta.
        </Text>
      )}
    </Flex>
  );
}

/** The 'Paga e prenota' button itself, in the checkout column or the phone's pay bar. */
export function PayAction({
  size,
  disabled,
  paying,
  onPay,
  describedBy,
}: {
  size: "3" | "4";
  disabled: boolean;
  paying: boolean;
  onPay: () => void;
  describedBy?: string;
}) {
  // Starting a payment is never queued: offline the button waits, disabled, and says why.
  const connection = useNeedsConnection();
  return (
    <>
      <Button
        size={size}
        disabled={disabled || paying || connection.offline}
        loading={paying}
        onClick={onPay}
        aria-describedby={[describedBy, connection.describedBy].filter(Boolean).join(" ") || undefined}
        style={size === "4" ? { width: "100%" } : undefined}
      >
        <LockClosedIcon />
        Paga e prenota
      </Button>
      {connection.note}
    </>
  );
}

export function PayingStatus() {
  return (
    <Text size="2" color="gray" role="status" align="center">
      Reindirizzamento al pagamento…
    </Text>
  );
}

/** The sign-in and sign-up links carry the way back and the choice made so far. */
function authQuery(psychicId: string, choice: BookingChoice): string {
  const query = new URLSearchParams({ redirect: paths.psychicBook(psychicId) });
  if (choice.date) query.set("date", choice.date);
  if (choice.time) query.set("time", choice.time);
  query.set("duration", String(choice.duration));
  const type = typeParamOf(choice.consultationType);
  if (type) query.set(CONSULTATION_TYPE_PARAM, type);
  return `?${query.toString()}`;
}

/** In place of 'Paga e prenota' for a visitor: sign in first, the choice kept. */
export function SignInToBook({ psychicId, choice, barHintId }: { psychicId: string; choice: BookingChoice; barHintId?: string }) {
  const content = (
    <>
      <LockClosedIcon />
      Accedi per prenotare
    </>
  );
  // The pay bar's is smaller, and waits for a time (the column's link is always there).
  const size = barHintId === undefined ? "4" : "3";
  const style = barHintId === undefined ? { width: "100%" } : undefined;
  if (barHintId !== undefined && choice.time === null) {
    return (
      <Button size={size} disabled aria-describedby={barHintId} style={style}>
        {content}
      </Button>
    );
  }
  return (
    <Button asChild size={size} style={style}>
      <RouterLink to={`${paths.login}${authQuery(psychicId, choice)}`}>{content}</RouterLink>
    </Button>
  );
}

export function VisitorPrompt({ psychicId, choice }: { psychicId: string; choice: BookingChoice }) {
  const query = authQuery(psychicId, choice);
  return (
    <Callout.Root color="violet" variant="surface">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          Per prenotare e pagare accedi al tuo account o registrati gratuitamente: la data, l'orario e la durata scelti restano salvati.
        </Callout.Text>
        <Flex gap="2" wrap="wrap">
          <Button asChild size="2">
            <RouterLink to={`${paths.login}${query}`}>Accedi</RouterLink>
          </Button>
          <Button asChild size="2" variant="outline">
            <RouterLink to={`${paths.register}${query}`}>Registrati</RouterLink>
          </Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}

/** Psychics and admins cannot book: the page says so instead of offering the form. */
export function RestrictedCard({ audience }: { audience: "psychic" | "admin" }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h2" size="5">
          Accesso limitato
        </Heading>
        <Text as="p">
          {audience === "psychic"
            ? "Gli account cartomante non possono prenotare consulti."
            : "Gli account amministratore non possono prenotare consulti."}{" "}
          Per prenotare serve un account cliente.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button asChild>
            {audience === "psychic" ? (
              <RouterLink to={paths.psychicDashboard}>Vai alla tua dashboard</RouterLink>
            ) : (
              <RouterLink to={paths.adminDashboard}>Vai alla dashboard</RouterLink>
            )}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.contact}>Contattaci</RouterLink>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
