import { useId, useRef, useState } from "react";
import { Avatar, Badge, Box, Button, Card, Container, DataList, Flex, Grid, Heading, Spinner, Tabs, Text } from "@radix-ui/themes";
import { StarFilledIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import type { PublicProfile } from "@/lib/catalogue/publicProfile";
import { CachedAt } from "@/lib/offline/CachedAt";
import { formatCents, formatRating } from "@/lib/text/format";
import { WEEK, openingHours, weekdayLabels } from "@/lib/text/weekdays";
import { PsychicNotFound } from "@/components/psychic/PsychicNotFound";
import { FirstFreeLine } from "@/components/psychic/FirstFreeLine";
import { FavouriteStarPlace } from "@/components/psychic/FavouriteStar";
import { VerifiedBadge } from "@/components/psychic/PsychicCard";
import { ConsultationTypeBadges, consultationTypeIcons } from "@/components/psychic/ConsultationTypeBadges";
import { FullDayAlerts } from "@/components/booking/FullDayAlerts";
import type { FirstFree } from "@convex/model/nextAvailability";
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import { offeredTypesOf } from "@convex/model/psychics";
import { PsychicFigures, type PsychicFiguresData } from "./PsychicFigures";
import { AllReviews, LatestReviews, type ReviewsFeed } from "./ProfileReviews";
import { ProfileBookBar } from "./ProfileBookBar";

export { REVIEWS_PAGE_SIZE, type Review, type ReviewsFeed } from "./ProfileReviews";
/** A day with free time: its label and its free ranges, each opening the booking page on its first time. */
export type NextAvailability = { date: string; label: string; ranges: Array<{ from: string; to: string }> };

type Props = {
  /** When the profile shown was kept on this device, while it is not the live one. */
  savedAt?: number | null;
  /** `undefined` while loading, `null` when missing, hidden or not approved. */
  profile: PublicProfile | null | undefined;
  /** `undefined` until the profile is known (the reviews of a profile the public cannot see are not asked for). */
  reviews: ReviewsFeed | undefined;
  /** Omitted when not computed; an empty list means no free time in the coming days. */
  nextAvailability?: NextAvailability[] | undefined;
  /** The page's rounded clock, for 'Prima disponibilità' (oggi, domani…); omitted, the header shows none. */
  now?: number;
  /** Whether a time is free today (Rome), from the same free times; undefined while unknown. */
  freeToday?: boolean;
  /** The psychic's figures (`data` undefined while loading, null when not public); omitted, none are shown. */
  psychicFigures?: { data: PsychicFiguresData | null | undefined };
};

export function PsychicProfileView({ profile, reviews, nextAvailability, now, savedAt, psychicFigures, freeToday }: Props) {
  const [tab, setTab] = useState("about");
  const reviewsTab = useRef<HTMLButtonElement>(null);
  if (profile === undefined) {
    return (
      <Flex justify="center" py="9" role="group" aria-busy="true" aria-label="Caricamento del profilo">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (profile === null) return <PsychicNotFound />;
  // Links use the readable address once the profile has one (old id links are redirected to it).
  const address = profile.slug ?? profile.id;
  const seeAllReviews = () => {
    setTab("reviews");
    // The button goes with its panel: the focus goes to the tab now showing every review.
    requestAnimationFrame(() => reviewsTab.current?.focus());
  };

  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py="7">
      <Grid columns={{ initial: "1", md: "3fr 1fr" }} gap="5" align="start">
        <Flex direction="column" gap="5">
          <CachedAt savedAt={savedAt} />
          <ProfileHeader
            profile={profile}
            address={address}
            freeToday={freeToday}
            firstFree={now === undefined ? undefined : { first: firstOf(nextAvailability), now }}
            psychicFigures={psychicFigures}
          />
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List aria-label="Sezioni del profilo">
              <Tabs.Trigger value="about">Chi sono</Tabs.Trigger>
              <Tabs.Trigger value="reviews" ref={reviewsTab}>
                Recensioni
              </Tabs.Trigger>
              <Tabs.Trigger value="availability">Disponibilità</Tabs.Trigger>
            </Tabs.List>
            <Box pt="4">
              <Tabs.Content value="about">
                <Flex direction="column" gap="5">
                  <About profile={profile} />
                  <LatestReviews feed={reviews} profile={profile} onSeeAll={seeAllReviews} />
                </Flex>
              </Tabs.Content>
              <Tabs.Content value="reviews">
                <AllReviews feed={reviews} profile={profile} />
              </Tabs.Content>
              <Tabs.Content value="availability">
                <WeeklyHours availability={profile.availability} />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </Flex>
        <Flex direction="column" gap="4">
          <PricesPanel profile={profile} address={address} />
          {nextAvailability !== undefined && profile.isAvailable ? <NextAvailabilityPanel address={address} days={nextAvailability} /> : null}
          <FullDayAlerts
            psychicProfileId={profile.id}
            psychicName={profile.psychicName}
            availability={profile.availability}
            availableDurations={profile.availableDurations}
            isAvailable={profile.isAvailable}
          />
        </Flex>
      </Grid>
      <ProfileBookBar
        address={address}
        psychicName={profile.psychicName}
        minPriceCents={profile.minPriceCents}
        minDurationMinutes={profile.minDurationMinutes}
        consultationTypes={profile.consultationTypes}
        bookable={profile.isAvailable}
      />
    </Container>
  );
}

/** The first free time of 'Prossime disponibilità': undefined while loading, null when there is none. */
function firstOf(days: NextAvailability[] | undefined): FirstFree | null | undefined {
  if (days === undefined) return undefined;
  const [day] = days;
  return day ? { date: day.date, time: day.ranges[0].from } : null;
}

type HeaderProps = Pick<Props, "psychicFigures" | "freeToday"> & {
  profile: PublicProfile;
  address: string;
  firstFree?: { first: FirstFree | null | undefined; now: number };
};

function ProfileHeader({ profile, address, freeToday, firstFree, psychicFigures }: HeaderProps) {
  return (
    <Flex gap="5" align="center" wrap="wrap">
      <Avatar
        size="9"
        radius="full"
        src={profile.photoUrl ?? undefined}
        fallback={profile.psychicName.slice(0, 1)}
        alt={`Foto di ${profile.psychicName}`}
      />
      <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 240 }}>
        <Flex gap="2" align="center">
          <Heading as="h1" size="8">
            {profile.psychicName}
          </Heading>
          <FavouriteStarPlace psychicProfileId={profile.id} psychicName={profile.psychicName} />
        </Flex>
        <Flex gap="3" align="center" wrap="wrap">
          {profile.rating === null ? (
            <Badge color="green" variant="soft" highContrast>
              Nuovo
            </Badge>
          ) : (
            <Flex align="center" gap="1" aria-label={`Valutazione ${formatRating(profile.rating)} su 5`}>
              <StarFilledIcon color="var(--amber-9)" />
              <Text weight="medium">{formatRating(profile.rating)}</Text>
              <Text size="2" color="gray">
                ({profile.reviewCount} {profile.reviewCount === 1 ? "recensione" : "recensioni"})
              </Text>
            </Flex>
          )}
          {profile.verified ? <VerifiedBadge /> : null}
          <ConsultationTypeBadges types={profile.consultationTypes} />
          <Text size="2" color="gray">
            {profile.yearsExperience === 1 ? "1 anno di esperienza" : `${profile.yearsExperience} anni di esperienza`}
          </Text>
          {/* 'Disponibile' only with a time free today; otherwise 'Prima disponibilità' below says when. */}
          {!profile.isAvailable ? (
            <Badge color="gray">Non disponibile</Badge>
          ) : freeToday ? (
            <Badge color="green" highContrast>
              Disponibile oggi
            </Badge>
          ) : null}
        </Flex>
        {psychicFigures && psychicFigures.data !== null ? <PsychicFigures figures={psychicFigures.data} /> : null}
        {profile.isAvailable && firstFree ? <FirstFreeLine psychicId={address} firstFree={firstFree.first} now={firstFree.now} /> : null}
        <Flex gap="2" wrap="wrap">
          {profile.specialties.map((name) => (
            <Badge key={name} variant="surface">
              {name}
            </Badge>
          ))}
        </Flex>
      </Flex>
    </Flex>
  );
}

function About({ profile }: { profile: PublicProfile }) {
  return (
    <Flex direction="column" gap="4">
      <Text as="p" style={{ whiteSpace: "pre-line" }}>
        {profile.bio}
      </Text>
      {profile.specializations.length > 0 ? (
        <Box>
          <Heading as="h2" size="4" mb="2">
            Ambiti di consulto
          </Heading>
          <Flex gap="2" wrap="wrap">
            {profile.specializations.map((name) => (
              <Badge key={name} color="gray" variant="soft" size="2">
                {name}
              </Badge>
            ))}
          </Flex>
        </Box>
      ) : null}
    </Flex>
  );
}

function WeeklyHours({ availability }: { availability: PublicProfile["availability"] }) {
  return (
    <Card size="3">
      <DataList.Root aria-label="Orari settimanali" size="3">
        {WEEK.map((day) => {
          const hours = openingHours(availability[day]);
          return (
            <DataList.Item key={day}>
              <DataList.Label minWidth="120px">{weekdayLabels[day]}</DataList.Label>
              <DataList.Value>{hours ?? <Text color="gray">Chiuso</Text>}</DataList.Value>
            </DataList.Item>
          );
        })}
      </DataList.Root>
    </Card>
  );
}

function PricesPanel({ profile, address }: { profile: PublicProfile; address: string }) {
  return (
    <Card size="3" asChild>
      <aside aria-label="Durate e prezzi">
        <Heading as="h2" size="4" mb="3">
          Durate e prezzi
        </Heading>
        <Flex direction="column" gap="4" mb="3">
          {offeredTypesOf(profile).map((type) => (
            <TypePrices key={type} type={type} prices={profile.prices.filter((price) => price.type === type)} />
          ))}
        </Flex>
        <Text as="p" size="1" color="gray" mb="3">
          Prezzi finali in euro, IVA inclusa. Pagamento anticipato con carta.
        </Text>
        {profile.isAvailable ? (
          <Button asChild size="3" style={{ width: "100%" }}>
            <RouterLink to={paths.psychicBook(address)}>Prenota un consulto</RouterLink>
          </Button>
        ) : (
          <Text as="p" size="2" color="gray">
            Al momento {profile.psychicName} non accetta nuovi consulti.
          </Text>
        )}
      </aside>
    </Card>
  );
}

/** One type's prices under its name ('Consulto vocale', 'Consulto in chat'), shortest first. */
function TypePrices({ type, prices }: { type: ConsultationType; prices: PublicProfile["prices"] }) {
  const headingId = useId();
  const Icon = consultationTypeIcons[type];
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3" id={headingId}>
        <Flex align="center" gap="2" asChild>
          <span>
            <Icon aria-hidden />
            {consultationTypeWords[type].consultation}
          </span>
        </Flex>
      </Heading>
      <Flex direction="column" gap="2" asChild>
        <ul aria-labelledby={headingId} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {prices.map(({ minutes, priceCents }) => (
            <Flex key={minutes} justify="between" asChild>
              <li>
                <Text>{minutes} minuti</Text>
                <Text weight="bold">{formatCents(priceCents, { dropZeroCents: true })}</Text>
              </li>
            </Flex>
          ))}
        </ul>
      </Flex>
    </Flex>
  );
}

function NextAvailabilityPanel({ address, days }: { address: string; days: NextAvailability[] }) {
  return (
    <Card size="3" asChild>
      <aside aria-label="Prossime disponibilità">
        <Heading as="h2" size="4" mb="3">
          Prossime disponibilità
        </Heading>
        {days.length === 0 ? (
          <Text as="p" size="2" color="gray">
            Nessun orario libero nei prossimi giorni.
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            {days.map((day) => (
              <Flex key={day.date} direction="column" gap="1">
                <Text size="2" weight="bold">
                  {day.label}
                </Text>
                <Flex gap="1" wrap="wrap">
                  {day.ranges.map((range) => (
                    <Button key={range.from} asChild variant="soft" size="2">
                      <RouterLink
                        to={`${paths.psychicBook(address)}?${new URLSearchParams({ date: day.date, time: range.from })}`}
                        aria-label={`Prenota ${day.label.toLowerCase()} alle ${range.from} (libero fino alle ${range.to})`}
                      >
                        {`${range.from}–${range.to}`}
                      </RouterLink>
                    </Button>
                  ))}
                </Flex>
              </Flex>
            ))}
          </Flex>
        )}
      </aside>
    </Card>
  );
}
