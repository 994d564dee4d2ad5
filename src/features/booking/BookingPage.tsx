// /psychics/{id}/book: type (voice or chat), duration, day and free time, notes, summary, then payment
// on the hosted checkout. Open to visitors, who see the free times and are asked to sign in to pay.
// On a phone the days come as a week strip and the price and pay button stay in a bar at the bottom.
import { useEffect, useRef } from "react";
import { Avatar, Badge, Box, Button, Callout, Card, Container, Flex, Grid, Heading, Link, Separator, Spinner, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, ExclamationTriangleIcon, StarFilledIcon } from "@radix-ui/react-icons";
import type { FunctionArgs } from "convex/server";
import { Link as RouterLink, useParams, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { PageTitle } from "@/components/PageTitle";
import { PsychicNotFound } from "@/components/psychic/PsychicNotFound";
import { useBookableDates } from "@/lib/catalogue/bookableDates";
import { errorMessages } from "@/lib/text/errors";
import { formatRating } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { usePublicProfile, type PublicProfile } from "@/lib/catalogue/publicProfile";
import { usePublicSettings } from "@/lib/catalogue/publicSettings";
import { romeDateOf } from "@convex/framework/time";
import { offeredTypesOf } from "@convex/model/psychics";
import { useViewer, type Viewer } from "@/lib/account/session";
import { PHONE_QUERY, useMediaQuery } from "@/lib/browser/useMediaQuery";
import { useNow, useQueryWithNow } from "@/lib/time/useNow";
import { notesKey, useSessionText } from "@/lib/browser/useSessionText";
import { BookingSummary, NotesField, PayButton, RestrictedCard, SignInToBook, VisitorPrompt } from "./BookingCheckout";
import { AvailabilityAlert } from "./AvailabilityAlert";
import { ConsultationTypePicker, DurationPicker, TimeSlots, type DurationOption } from "./BookingChoices";
import { BookingDates } from "./BookingDates";
import { BookingPayBar } from "./BookingPayBar";
import { MoveCard, MoveRefused, MoveSummary, useBookingToMove } from "./MoveBooking";
import type { LiveHold } from "@/lib/client/holds";
import { isOwnHeldTime, OwnHoldBanners, useOwnHolds } from "./OwnHolds";
import { useBookingChoice } from "./useBookingChoice";
import { useCheckout, useConsentFor } from "./useCheckout";
import { CheckoutConsent } from "./CheckoutConsent";
import { firstFreeDaysArgs, freeStartsArgs, slotQuery } from "./slotQueryArgs";
import { PAY_BLOCKER_REASON, PAY_BLOCKER_TARGET, payBlockerOf } from "./payBlocker";
import { SpendingNotice, useSpendingPreview } from "./SpendingPreview";
import { startOfChoice, useRefundTerms } from "./useRefundTerms";

type Duration = FunctionArgs<typeof api.payments.startCheckout>["durationMinutes"];
type Audience = "loading" | "visitor" | "client" | "psychic" | "admin";

const NO_TIMES: string[] = [];

/** The chosen date has the client's own hold with this psychic: one live hold per psychic and date. */
export const HELD_ON_DATE_NOTE = "Hai già un pagamento in sospeso in questa data: completalo o scegli «Cambia orario» qui sopra.";

export function BookingPage() {
  const { id = "" } = useParams();
  return (
    // Keyed by psychic: another psychic's page starts without the previous failure.
    <ErrorBoundary key={id} fallback={<BookingLoadError />}>
      <BookingLoader id={id} />
    </ErrorBoundary>
  );
}

/** A query that failed (network, server) rather than a missing psychic. */
function BookingLoadError() {
  return (
    <Container size="2" px="4" py="9">
      <Callout.Root color="red" role="alert" size="3">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Flex direction="column" gap="2">
          <Heading as="h1" size="5">
            Impossibile caricare i dati del cartomante.
          </Heading>
          <Callout.Text>Errore nel caricamento dei dati.</Callout.Text>
          <Box>
            <Button asChild variant="soft" color="gray">
              <RouterLink to={paths.psychics}>Torna ai cartomanti</RouterLink>
            </Button>
          </Box>
        </Flex>
      </Callout.Root>
    </Container>
  );
}

function BookingLoader({ id }: { id: string }) {
  const profile = usePublicProfile(id);
  if (profile === undefined) {
    return (
      <Flex justify="center" py="9" role="status" aria-label="Caricamento del cartomante">
        <PageTitle title="Prenota un consulto" />
        <Spinner size="3" />
      </Flex>
    );
  }
  // Live: a psychic hidden or unpublished while the page is open turns into the not-found page.
  if (profile === null) return <PsychicNotFound />;
  return (
    <>
      <PageTitle title={`Prenota con ${profile.psychicName}`} />
      <BookingForm profile={profile} />
    </>
  );
}

function audienceOf(viewer: Viewer | null | undefined): Audience {
  if (viewer === undefined) return "loading";
  if (viewer === null) return "visitor";
  if (viewer.isAdmin) return "admin";
  return viewer.accountType === "psychic" ? "psychic" : "client";
}

function BookingForm({ profile }: { profile: PublicProfile }) {
  const audience = audienceOf(useViewer());
  // A client moving a booking (from their dashboard) uses the same page without paying again.
  const moveParam = useSearchParams()[0].get("reschedule");
  const moveId = moveParam !== null && audience === "client" ? moveParam : null;
  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "5", sm: "7" }}>
      <Flex direction="column" gap="5">
        <Link asChild size="2">
          <RouterLink to={paths.psychic(profile.slug ?? profile.id)}>
            <Flex align="center" gap="1" asChild>
              <span>
                <ArrowLeftIcon aria-hidden />
                Torna al profilo
              </span>
            </Flex>
          </RouterLink>
        </Link>
        <Heading as="h1" size={{ initial: "7", sm: "8" }}>
          {moveId !== null ? "Sposta il consulto" : "Prenota un consulto"}
        </Heading>
        <PsychicHeader profile={profile} />
        {audience === "psychic" || audience === "admin" ? (
          <RestrictedCard audience={audience} />
        ) : (
          <BookingSteps profile={profile} audience={audience} moveId={moveId} />
        )}
      </Flex>
    </Container>
  );
}

function PsychicHeader({ profile }: { profile: PublicProfile }) {
  const specialty = profile.specialties[0];
  return (
    <Card size="2" asChild>
      <section aria-label="Cartomante">
        <Flex gap="4" align="center">
          <Avatar
            size="6"
            radius="full"
            src={profile.photoUrl ?? undefined}
            fallback={profile.psychicName.slice(0, 1)}
            alt={`Foto di ${profile.psychicName}`}
          />
          <Flex direction="column" gap="1">
            <Text size="5" weight="bold">
              {profile.psychicName}
            </Text>
            <Flex gap="2" align="center" wrap="wrap">
              {specialty ? <Badge variant="surface">{specialty}</Badge> : null}
              {profile.rating === null ? (
                <Badge color="green" variant="soft">
                  Nuovo
                </Badge>
              ) : (
                <Flex
                  align="center"
                  gap="1"
                  role="img"
                  aria-label={`Valutazione ${formatRating(profile.rating)} su 5, ${profile.reviewCount} ${profile.reviewCount === 1 ? "recensione" : "recensioni"}`}
                >
                  <StarFilledIcon color="var(--amber-9)" aria-hidden />
                  <Text size="2" weight="medium">
                    {formatRating(profile.rating)}
                  </Text>
                  <Text size="1" color="gray">
                    ({profile.reviewCount} {profile.reviewCount === 1 ? "recensione" : "recensioni"})
                  </Text>
                </Flex>
              )}
            </Flex>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

type StepsProps = { profile: PublicProfile; audience: Exclude<Audience, "psychic" | "admin">; moveId: string | null };

function BookingSteps({ profile, audience, moveId }: StepsProps) {
  const now = useNow();
  const today = romeDateOf(now);
  const phone = useMediaQuery(PHONE_QUERY);
  // Signing in comes back to the readable address, so it needs no redirect on the way.
  const address = profile.slug ?? profile.id;
  const move = useBookingToMove(moveId, profile.id, now);
  const toMove = move !== undefined && "booking" in move ? move.booking : null;
  // A moved booking keeps its type and duration: the only ones offered.
  const offeredTypes = toMove ? [toMove.consultationType] : offeredTypesOf(profile);
  const choice = useBookingChoice(toMove ? [toMove.durationMinutes] : profile.availableDurations, today, offeredTypes);
  const settings = usePublicSettings();
  const { paying, setPaying, failure, pay } = useCheckout();
  // Kept in this tab through signing in or up, so what a visitor wrote is still there when they can pay.
  const [notes, setNotes] = useSessionText(notesKey(profile.id));

  const slots = slotQuery(profile.id, choice.duration as Duration, now, toMove?.id);
  // Opened without a chosen day (and not moving a booking): the first free day in the next six weeks is chosen.
  const firstFree = useBookableDates(choice.date === null && moveId === null ? firstFreeDaysArgs(slots, today) : "skip");
  const openedOnFreeDay = useRef(false);
  const { chooseDate } = choice;
  useEffect(() => {
    if (openedOnFreeDay.current || firstFree === undefined) return;
    openedOnFreeDay.current = true;
    if (choice.date === null && firstFree.length > 0) chooseDate(firstFree[0]!);
  }, [firstFree, choice.date, chooseDate]);
  const freeStarts = useQueryWithNow(api.bookings.listFreeStarts, choice.date === null ? "skip" : freeStartsArgs(slots, choice.date));
  const times = freeStarts === undefined ? undefined : (freeStarts?.times ?? NO_TIMES);
  // The client's own holds with this psychic (none while moving a paid booking).
  const ownHolds = useOwnHolds(profile.id, moveId === null ? audience : "visitor", now);

  // Someone else took the chosen time (or a shared link named a taken one): clear it, with a note.
  // Not while paying or moving: our own hold or move removes the time from the list too. A time the
  // client holds (back from the checkout) is theirs: cleared without the note, their banner says why.
  // After a change of length, a time not free for the new length is unchosen with a note naming the length.
  const { date, time, duration, lengthChanged, dropVanishedTime, dropOwnHeldTime } = choice;
  useEffect(() => {
    if (paying || date === null || time === null || times === undefined || times.includes(time) || ownHolds === undefined) return;
    if (isOwnHeldTime(ownHolds, date, time, duration)) dropOwnHeldTime();
    else dropVanishedTime(time, lengthChanged ? duration : undefined);
  }, [paying, date, time, duration, lengthChanged, times, ownHolds, dropVanishedTime, dropOwnHeldTime]);
  // A hold of the client's on the chosen date: a second one there is refused (HOLD_SAME_DATE), so the page says so first.
  const heldOnDate = ownHolds?.some((hold) => hold.scheduledDate === choice.date) ?? false;

  // The lengths at the chosen type's prices.
  const options: DurationOption[] = profile.prices.filter(
    (option) => option.type === choice.consultationType && (toMove === null || option.minutes === toMove.durationMinutes),
  );
  const priceCents = options.find((option) => option.minutes === choice.duration)?.priceCents ?? null;
  const closedMessage = settings?.maintenance_mode
    ? errorMessages.MAINTENANCE_MODE
    : settings?.booking_enabled === false
      ? errorMessages.BOOKING_DISABLED
      : !profile.isAvailable
        ? `Al momento ${profile.psychicName} non accetta nuovi consulti.`
        : null;
  // This booking's own refund terms, live; the consent is given for exactly these.
  const terms = useRefundTerms(startOfChoice(choice), priceCents, now);
  // The consent at checkout is given for one choice and its terms: another type, day, time or length, or the
  // terms turning to the next window while the page is open, asks for it again.
  const consent = useConsentFor(`${choice.consultationType} ${choice.date} ${choice.time} ${choice.duration} ${terms?.window}`);
  const spending = useSpendingPreview(audience === "client" && moveId === null && choice.time !== null, priceCents, now);
  const blocker = payBlockerOf({
    closed: closedMessage !== null,
    timeChosen: choice.date !== null && choice.time !== null && (times?.length ?? 0) > 0,
    heldOnDate,
    overSpendingLimit: spending?.refused ?? false,
    consentGiven: consent.given,
  });
  const canPay = blocker === null && audience !== "loading";

  const onPay = () =>
    void pay({ psychicProfileId: profile.id, choice, isClient: audience === "client", notes, consent: consent.given, onStarted: () => setNotes("") });

  // 'Cambia orario' released a hold: its day's times, the freed one among them.
  const showReleasedDay = (hold: LiveHold) => choice.showDay(hold.scheduledDate, hold.durationMinutes, hold.consultationType);
  // On a phone the pay bar holds the button (one 'Paga e prenota' for screen readers too).
  const withBar = phone && moveId === null;

  return (
    <>
      <Grid columns={{ initial: "1", md: "3fr 2fr" }} gap="5" align="start">
        <Card size="3">
          <Flex direction="column" gap="5">
            {/* Hidden while leaving for the checkout: the hold just made is not one to come back to yet. */}
            {paying || ownHolds === undefined ? null : (
              <div id={PAY_BLOCKER_TARGET.held} tabIndex={-1}>
                <OwnHoldBanners holds={ownHolds} today={today} onReleased={showReleasedDay} />
              </div>
            )}
            {closedMessage ? (
              <Callout.Root color="amber" role="status" id={PAY_BLOCKER_TARGET.closed} tabIndex={-1}>
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{closedMessage}</Callout.Text>
              </Callout.Root>
            ) : null}
            <ConsultationTypePicker offered={offeredTypes} chosen={choice.consultationType} onChoose={choice.chooseType} />
            <DurationPicker options={options} chosen={choice.duration} onChoose={choice.chooseDuration} />
            <BookingDates slotQuery={slots} today={today} selected={choice.date} onSelect={choice.chooseDate} phone={phone} />
            <TimeSlots date={choice.date} times={times} chosen={choice.time} onChoose={choice.chooseTime} vanishedTime={choice.vanishedTime} />
            {audience === "client" && moveId === null ? (
              <AvailabilityAlert
                psychicProfileId={profile.id}
                psychicName={profile.psychicName}
                date={choice.date}
                today={today}
                durationMinutes={choice.duration as Duration}
                availability={profile.availability}
                times={times}
                now={now}
              />
            ) : null}
            {moveId === null ? <NotesField value={notes} onChange={setNotes} /> : null}
          </Flex>
        </Card>
        {moveId !== null ? (
          <MoveCard>
            {move === undefined ? (
              <Flex justify="center" py="5" role="status" aria-label="Caricamento del consulto da spostare">
                <Spinner size="3" />
              </Flex>
            ) : "refusal" in move ? (
              <MoveRefused reason={move.refusal} />
            ) : (
              <MoveSummary
                booking={move.booking}
                choice={choice}
                disabled={closedMessage !== null || (times?.length ?? 0) === 0}
                onBusy={setPaying}
              />
            )}
          </MoveCard>
        ) : (
          <Card size="3" asChild className="booking-checkout">
            <aside aria-label="Riepilogo e pagamento">
              <Flex direction="column" gap="4">
                <BookingSummary
                  psychicName={profile.psychicName}
                  choice={choice}
                  priceCents={priceCents}
                  terms={terms}
                  spending={<SpendingNotice preview={spending} />}
                />
                <Separator size="4" />
                {audience === "visitor" ? (
                  // A visitor is asked to sign in, not offered a payment that would then refuse them.
                  <>
                    <VisitorPrompt psychicId={address} choice={choice} />
                    {withBar ? null : <SignInToBook psychicId={address} choice={choice} />}
                  </>
                ) : (
                  <>
                    <CheckoutConsent checked={consent.given} onChange={consent.set} hintId={consent.hintId} disabled={paying} />
                    <PayButton
                      describedBy={blocker === "consent" ? consent.hintId : undefined}
                      disabled={!canPay}
                      reason={blocker === null || blocker === "consent" || blocker === "held" ? null : PAY_BLOCKER_REASON[blocker]}
                      paying={paying}
                      onPay={onPay}
                      failure={failure}
                      note={heldOnDate && !paying ? HELD_ON_DATE_NOTE : null}
                      inBar={withBar}
                    />
                  </>
                )}
              </Flex>
            </aside>
          </Card>
        )}
      </Grid>
      {withBar ? (
        <BookingPayBar
          psychicId={address}
          choice={choice}
          priceCents={priceCents}
          audience={audience}
          blocker={blocker}
          paying={paying}
          failure={failure}
          onPay={onPay}
        />
      ) : null}
    </>
  );
}
