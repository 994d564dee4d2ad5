// What the psychic offers: the consultation types ('Consulti vocali', 'Consulti in chat') and, for each
// offered length, a price in each offered type. The profile editor puts each in its own section.
import { Checkbox, CheckboxGroup, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import type { ConsultationType, DurationMinutes } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import {
  CONSULTATION_TYPES,
  OFFERED_DURATIONS,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  priceField,
  type FieldErrors,
  type ProfileFormValues,
} from "./profileForm";

/** The checkboxes' words and what each type is, for a psychic choosing. */
const typeChoices = {
  voice: { label: "Consulti vocali", hint: "Una chiamata audio dal browser." },
  chat: { label: "Consulti in chat", hint: "Una conversazione scritta, in tempo reale." },
} as const satisfies Record<ConsultationType, { label: string; hint: string }>;

/** The id of the types' error, which the group names as its description. */
export const TYPES_ERROR_ID = "consultation-types-error";

type TypesProps = {
  value: ConsultationType[];
  error?: string;
  onChange: (types: ConsultationType[]) => void;
};

/** At least one type (the server refuses none with CONSULTATION_TYPE_REQUIRED); voice first whatever the order ticked. */
export function ConsultationTypesChoice({ value, error, onChange }: TypesProps) {
  return (
    <CheckboxGroup.Root
      name="consultationTypes"
      aria-label="Tipi di consulto"
      aria-describedby={error ? TYPES_ERROR_ID : undefined}
      value={value}
      onValueChange={(next) => onChange(CONSULTATION_TYPES.filter((type) => next.includes(type)))}
    >
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {CONSULTATION_TYPES.map((type) => (
          <Flex key={type} direction="column" gap="1">
            <CheckboxGroup.Item value={type}>{typeChoices[type].label}</CheckboxGroup.Item>
            <Text size="1" color="gray" ml="5">
              {typeChoices[type].hint}
            </Text>
          </Flex>
        ))}
      </Grid>
    </CheckboxGroup.Root>
  );
}

type PricesProps = {
  values: Pick<ProfileFormValues, "consultationTypes" | "availableDurations" | "prices" | "chatPrices">;
  errors: FieldErrors;
  onToggleDuration: (minutes: DurationMinutes, on: boolean) => void;
  onPrice: (type: ConsultationType, minutes: DurationMinutes, typed: string) => void;
};

/** Each length as a checkbox; a chosen one takes a price for each offered type, its error beside it. */
export function DurationPrices({ values, errors, onToggleDuration, onPrice }: PricesProps) {
  return (
    <Flex direction="column" gap="3">
      {OFFERED_DURATIONS.map((minutes) => {
        const chosen = values.availableDurations.includes(minutes);
        return (
          <Flex key={minutes} gap="4" align="start" wrap="wrap">
            <Text as="label" size="2" style={{ minWidth: 120, minHeight: "var(--space-6)", display: "flex", alignItems: "center" }}>
              <Flex gap="2" align="center">
                <Checkbox checked={chosen} onCheckedChange={(checked) => onToggleDuration(minutes, checked === true)} />
                {minutes} minuti
              </Flex>
            </Text>
            {chosen
              ? values.consultationTypes.map((type) => (
                  <PriceInput
                    key={type}
                    type={type}
                    minutes={minutes}
                    value={values[priceField[type]][`${minutes}`]}
                    error={errors[`${priceField[type]}.${minutes}`]}
                    onChange={(typed) => onPrice(type, minutes, typed)}
                  />
                ))
              : null}
          </Flex>
        );
      })}
    </Flex>
  );
}

type PriceInputProps = { type: ConsultationType; minutes: DurationMinutes; value: string; error?: string; onChange: (typed: string) => void };

/** "Prezzo chat per 30 minuti (€)": its name holds the visible 'Chat', so it can be spoken to as well as read. */
function PriceInput({ type, minutes, value, error, onChange }: PriceInputProps) {
  const label = consultationTypeWords[type].label;
  const errorId = `price-${type}-${minutes}-error`;
  return (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        <Text size="2" color="gray" aria-hidden style={{ minWidth: 36 }}>
          {label}
        </Text>
        <TextField.Root
          type="number"
          inputMode="numeric"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          aria-label={`Prezzo ${label.toLowerCase()} per ${minutes} minuti (€)`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          style={{ width: 110 }}
        >
          <TextField.Slot side="right">€</TextField.Slot>
        </TextField.Root>
      </Flex>
      {error ? (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
