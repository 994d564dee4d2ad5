import { Avatar, Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { StarFilledIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import type { ConsultationType } from "@convex/framework/validators";
import { isFreeToday, type FirstFree } from "@convex/model/nextAvailability";
import { paths } from "@/lib/paths";
import { formatCents, formatRating, truncate } from "@/lib/text/format";
import { ConsultationTypeBadges } from "./ConsultationTypeBadges";
import { FavouriteStarPlace } from "./FavouriteStar";
import { FirstFreeLine } from "./FirstFreeLine";
import "./psychicCard.css";

export type PsychicCardData = {
  id: string;
  /** The readable address (/psychics/selene); the id's address redirects to it. */
  slug?: string | null;
  psychicName: string;
  photoUrl: string | null;
  bio: string;
  specialties: string[];
  rating: number | null;
  reviewCount: number;
  minPriceCents: number;
  minDurationMinutes: number;
  /** 'Voce' and/or 'Chat'; absent, voice only (model/psychics.ts offeredTypesOf). */
  consultationTypes?: ConsultationType[];
  /** Off when the psychic takes no new consultations; the card stays, booking does not. */
  isAvailable?: boolean;
  /** Psychic figures (convex/model/psychicFigures.ts); the share on time is null while the psychic is 'Nuovo'. */
  consultationsGiven?: number;
  onTimePercent?: number | null;
  /** The topic the words searched named ('soldi' → 'Denaro e Finanze'), said on the card. */
  matchedTopic?: string | null;
  /** A passed verification call is on record: the only ground for 'Verificato'. */
  verified?: boolean;
};

/** 'Verificato': shown only for a psychic whose verification call an admin recorded as passed. */
export function VerifiedBadge() {
  return (
    <Badge color="blue" variant="soft" highContrast style={{ width: "fit-content" }} title="Ha superato la chiamata di verifica con il nostro team">
      Verificato
    </Badge>
  );
}

/** The starting price per minute, in euro with cents: "1,67 €". */
function perMinute({ minPriceCents, minDurationMinutes }: Pick<PsychicCardData, "minPriceCents" | "minDurationMinutes">): string {
  return formatCents(Math.round(minPriceCents / minDurationMinutes));
}

/** Card bios are cut at 80 characters and only two specialties are shown. */
const CARD_BIO_LENGTH = 80;
const CARD_SPECIALTIES = 2;

type PsychicCardProps = {
  psychic: PsychicCardData;
  /** 'Prima disponibilità' (useFirstFree): omitted, the card shows none; undefined while loading. */
  availability?: { firstFree: FirstFree | null | undefined; now: number };
};

/**
 * A psychic in a list. Under 640 px it is a compact row (psychicCard.css): photo, name, rating,
 * 'Prima disponibilità', the price and the two buttons at 44 px, without specialties and bio, so a phone
 * shows a psychic in its first screen; wider, the full card.
 */
export function PsychicCard({ psychic, availability }: PsychicCardProps) {
  const shown = psychic.specialties.slice(0, CARD_SPECIALTIES);
  const hidden = psychic.specialties.length - shown.length;
  const available = psychic.isAvailable !== false;
  // 'Disponibile oggi' only when the slot engine found a time free today in Rome, not for a working day.
  const freeToday = available && availability !== undefined && isFreeToday(availability.firstFree, availability.now);
  return (
    <Card size={{ initial: "2", xs: "3" }} asChild className="psychic-card">
      <article aria-label={psychic.psychicName}>
        <Flex direction="column" gap={{ initial: "2", xs: "3" }} height="100%">
          <Flex gap="3" align="center">
            <Avatar
              size={{ initial: "4", xs: "6" }}
              radius="full"
              src={psychic.photoUrl ?? undefined}
              fallback={psychic.psychicName.slice(0, 1)}
              alt={`Foto di ${psychic.psychicName}`}
            />
            <Flex direction="column" gap="1">
              <Heading as="h3" size="4">
                {psychic.psychicName}
              </Heading>
              {/* On the line 'Verificato' has anyway: a phone's compact row grows no taller for them. */}
              <Flex gap="1" align="center" wrap="wrap">
                {psychic.verified ? <VerifiedBadge /> : null}
                <ConsultationTypeBadges types={psychic.consultationTypes} />
              </Flex>
              {psychic.rating === null ? (
                <Badge color="green" variant="soft" highContrast style={{ width: "fit-content" }}>
                  Nuovo
                </Badge>
              ) : (
                <Flex align="center" gap="1" aria-label={`Valutazione ${formatRating(psychic.rating)} su 5`}>
                  <StarFilledIcon color="var(--amber-9)" />
                  <Text size="2" weight="medium">
                    {formatRating(psychic.rating)}
                  </Text>
                  <Text size="1" color="gray">
                    ({psychic.reviewCount})
                  </Text>
                </Flex>
              )}
              {psychic.consultationsGiven !== undefined && psychic.onTimePercent != null ? (
                <Text size="1" color="gray">
                  {psychic.consultationsGiven} consulti · {psychic.onTimePercent}% in orario
                </Text>
              ) : null}
            </Flex>
            <Flex ml="auto" align="start">
              <FavouriteStarPlace psychicProfileId={psychic.id} psychicName={psychic.psychicName} />
            </Flex>
          </Flex>
          {psychic.matchedTopic ? (
            <Text size="2" weight="medium" color="violet">
              Per: {psychic.matchedTopic}
            </Text>
          ) : null}
          {freeToday ? (
            <Badge color="green" variant="soft" highContrast style={{ width: "fit-content" }}>
              Disponibile oggi
            </Badge>
          ) : null}
          {available && availability ? <FirstFreeLine psychicId={psychic.slug ?? psychic.id} {...availability} /> : null}
          <Flex gap="2" wrap="wrap" className="psychic-card-details">
            {shown.map((specialty) => (
              <Badge key={specialty} variant="surface">
                {specialty}
              </Badge>
            ))}
            {hidden > 0 ? <Badge color="gray">+{hidden}</Badge> : null}
          </Flex>
          <Text as="p" size="2" color="gray" style={{ flex: 1 }} className="psychic-card-details">
            {truncate(psychic.bio, CARD_BIO_LENGTH)}
          </Text>
          <Flex align="center" justify="between" gap="2" wrap="wrap">
            <Flex direction="column" className="psychic-card-price">
              <Text size="3" weight="bold" title="Prezzo finale, IVA inclusa">
                {/* The card's short form, '€25', not formatCents' '25 €': prices are whole euros. */}
                Da €{psychic.minPriceCents / 100}/{psychic.minDurationMinutes}min
              </Text>
              {/* Per minute, so '€25/15min' and '€30/30min' can be compared at a glance. */}
              <Text size="1" color="gray">
                {perMinute(psychic)} al minuto
              </Text>
            </Flex>
            {available ? null : (
              <Badge color="gray" variant="soft">
                Non disponibile
              </Badge>
            )}
          </Flex>
          <Flex gap="2" className="psychic-card-actions">
            <Button asChild variant="soft" style={{ flex: 1 }}>
              <RouterLink to={paths.psychic(psychic.slug ?? psychic.id)}>Profilo</RouterLink>
            </Button>
            {available ? (
              <Button asChild style={{ flex: 1 }}>
                <RouterLink to={paths.psychicBook(psychic.slug ?? psychic.id)}>Prenota</RouterLink>
              </Button>
            ) : (
              <Button disabled style={{ flex: 1 }}>
                Prenota
              </Button>
            )}
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
