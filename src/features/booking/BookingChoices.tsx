// The choices before the calendar and after it: the consultation type, duration with its price, the free times.
import { useId } from "react";
import { Badge, Button, Callout, Card, Flex, Grid, Heading, RadioCards, Spinner, Text } from "@radix-ui/themes";
import { CheckCircledIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import { consultationTypeIcons } from "@/components/psychic/ConsultationTypeBadges";
import { formatCents, formatItalianDate } from "@/lib/text/format";
import type { VanishedTime } from "./useBookingChoice";

export type DurationOption = { minutes: number; priceCents: number };

/** "30 min · 50,00 €": the button's text and name. */
const durationLabel = ({ minutes, priceCents }: DurationOption) => `${minutes} min · ${formatCents(priceCents)}`;

export function DurationPicker({
  options,
  chosen,
  onChoose,
}: {
  options: DurationOption[];
  chosen: number;
  onChoose: (minutes: number) => void;
}) {
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby="booking-duration-title">
      <Heading as="h2" size="4" id="booking-duration-title">
        Durata
      </Heading>
      <Flex gap="2" wrap="wrap">
        {options.map((option) => (
          <Button
            key={option.minutes}
            type="button"
            size="3"
            variant={option.minutes === chosen ? "solid" : "outline"}
            aria-pressed={option.minutes === chosen}
            onClick={() => onChoose(option.minutes)}
          >
            {durationLabel(option)}
          </Button>
        ))}
      </Flex>
      <Text size="1" color="gray">
        Prezzi finali in euro, IVA inclusa.
      </Text>
    </Flex>
  );
}

/** What each type is, said where it is chosen: both happen on the platform, nobody's number or address shared. */
const typeHints = {
  voice: "Una chiamata audio privata sulla piattaforma, dal tuo browser: nessun numero di telefono condiviso.",
  chat: "Una conversazione scritta privata sulla piattaforma, dal tuo browser: nessun contatto personale condiviso.",
} as const satisfies Record<ConsultationType, string>;

type TypeProps = {
  /** The types the psychic offers, voice first. */
  offered: readonly ConsultationType[];
  chosen: ConsultationType;
  onChoose: (type: ConsultationType) => void;
};

/**
 * 'Tipo di consulto': with both offered, a radio group ('Voce', 'Chat') that sets the prices below; with one,
 * that type as a fact. Arrow keys move between the two, as in any radio group.
 */
export function ConsultationTypePicker({ offered, chosen, onChoose }: TypeProps) {
  const titleId = useId();
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4" id={titleId}>
        Tipo di consulto
      </Heading>
      {offered.length > 1 ? (
        <RadioCards.Root
          aria-labelledby={titleId}
          value={chosen}
          onValueChange={(value) => onChoose(offered.find((type) => type === value) ?? chosen)}
          columns={{ initial: "1", sm: String(offered.length) }}
        >
          {offered.map((type) => (
            <TypeCard key={type} type={type} />
          ))}
        </RadioCards.Root>
      ) : (
        <OnlyType type={offered[0] ?? "voice"} />
      )}
    </Flex>
  );
}

/** One choice: its word ('Voce', 'Chat') names it, what it is describes it. */
function TypeCard({ type }: { type: ConsultationType }) {
  const labelId = useId();
  const hintId = useId();
  const Icon = consultationTypeIcons[type];
  return (
    <RadioCards.Item value={type} aria-labelledby={labelId} aria-describedby={hintId} style={{ justifyContent: "start" }}>
      <Flex gap="3" align="center">
        <Icon width="22" height="22" color="var(--accent-11)" aria-hidden style={{ flexShrink: 0 }} />
        <Flex direction="column">
          <Text weight="bold" id={labelId}>
            {consultationTypeWords[type].label}
          </Text>
          <Text size="2" color="gray" id={hintId}>
            {typeHints[type]}
          </Text>
        </Flex>
      </Flex>
    </RadioCards.Item>
  );
}

/** The one type a psychic offers: said, not chosen. */
function OnlyType({ type }: { type: ConsultationType }) {
  const Icon = consultationTypeIcons[type];
  return (
    <Card size="2" variant="surface" style={{ borderColor: "var(--accent-8)" }}>
      <Flex gap="3" align="center">
        <Icon width="22" height="22" color="var(--accent-11)" aria-hidden style={{ flexShrink: 0 }} />
        <Flex direction="column" style={{ flex: 1 }}>
          <Text weight="bold">{consultationTypeWords[type].consultation}</Text>
          <Text size="2" color="gray">
            {typeHints[type]}
          </Text>
        </Flex>
        <Badge color="violet" variant="soft">
          <CheckCircledIcon aria-hidden />
          Selezionato
        </Badge>
      </Flex>
    </Card>
  );
}

type SlotProps = {
  date: string | null;
  /** Free start times of the date, live; undefined while loading. */
  times: string[] | undefined;
  chosen: string | null;
  onChoose: (time: string) => void;
  /** A chosen time someone else took meanwhile, or one not free for the new length. */
  vanishedTime: VanishedTime | null;
};

/** The note of a chosen time that was unchosen. */
function vanishedNote({ time, minutes }: VanishedTime): string {
  return minutes === undefined
    ? `L'orario delle ${time} non è più disponibile: scegline un altro.`
    : `Per ${minutes} minuti l'orario delle ${time} non è libero: scegline un altro.`;
}

/** Where 'Scegli un orario' in the pay bar leads: the first free time, or the heading when there is none. */
const TIME_PICKER_ID = "booking-time-picker";

export function TimeSlots({ date, times, chosen, onChoose, vanishedTime }: SlotProps) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4" id={TIME_PICKER_ID} tabIndex={-1}>
        Orario
      </Heading>
      {vanishedTime ? (
        <Callout.Root color="amber" size="1" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{vanishedNote(vanishedTime)}</Callout.Text>
        </Callout.Root>
      ) : null}
      {date === null ? (
        <Text size="2" color="gray">
          Scegli una data nel calendario per vedere gli orari liberi.
        </Text>
      ) : times === undefined ? (
        <Flex align="center" gap="2" role="status">
          <Spinner />
          <Text size="2" color="gray">
            Caricamento degli orari…
          </Text>
        </Flex>
      ) : times.length === 0 ? (
        <Text size="2" color="gray">
          Nessun orario disponibile in questa data
        </Text>
      ) : (
        <Grid columns={{ initial: "4", sm: "6" }} gap="2" role="group" aria-label={`Orari liberi di ${formatItalianDate(date)}`}>
          {times.map((time) => (
            <Button
              key={time}
              type="button"
              variant={time === chosen ? "solid" : "soft"}
              aria-pressed={time === chosen}
              className="booking-time"
              onClick={() => onChoose(time)}
            >
              {time}
            </Button>
          ))}
        </Grid>
      )}
    </Flex>
  );
}
