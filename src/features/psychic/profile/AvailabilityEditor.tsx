import { Box, Button, Checkbox, Flex, IconButton, Text } from "@radix-ui/themes";
import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import type { Weekday, WeeklyAvailability } from "@convex/framework/validators";
import { AVAILABILITY_SLOTS } from "@convex/model/profileRules";
import { FieldError } from "@/components/form/FieldError";
import { WEEK, weekdayLabels } from "@/lib/text/weekdays";
import "./profileEditor.css";
import { addRange, dayRanges, RANGE_ENDS, RANGE_STARTS, removeRange, setRange } from "./availabilityRanges";

type Props = {
  value: WeeklyAvailability;
  onChange: (next: WeeklyAvailability) => void;
  /** The form's errors, keyed as "availability.<day>": a ticked day without hours. */
  errors?: Partial<Record<string, string>>;
};

/**
 * The weekly schedule as time ranges per day, 'dalle – alle' on the half-hour grid up to 24:00, Monday
 * first. Stored as the half hours they start (availabilityRanges.ts). Switching a day off keeps its
 * ranges, so switching it back on restores them.
 */
export function AvailabilityEditor({ value, onChange, errors = {} }: Props) {
  const setDay = (day: Weekday, next: Partial<WeeklyAvailability[Weekday]>) => onChange({ ...value, [day]: { ...value[day], ...next } });

  return (
    <Flex direction="column" gap="3">
      {WEEK.map((day) => {
        const { enabled, availableHours } = value[day];
        const label = weekdayLabels[day];
        const ranges = dayRanges(availableHours);
        const nextRange = addRange(availableHours);
        const error = enabled && ranges.length === 0 ? errors[`availability.${day}`] : undefined;
        const errorId = `availability-${day}-error`;
        return (
          <Box
            key={day}
            role="group"
            aria-label={`Disponibilità di ${label}`}
            aria-describedby={error ? errorId : undefined}
            className="availability-day"
          >
            <Flex align="start" gap="3" wrap="wrap">
              <Text as="label" size="2" weight="bold" style={{ minWidth: 120, minHeight: 44, display: "flex", alignItems: "center" }}>
                <Flex gap="2" align="center">
                  <Checkbox checked={enabled} onCheckedChange={(checked) => setDay(day, { enabled: checked === true })} />
                  {label}
                </Flex>
              </Text>
              {!enabled ? (
                <Text size="2" color="gray" style={{ minHeight: 44, display: "flex", alignItems: "center" }}>
                  Chiuso
                </Text>
              ) : (
                <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 260 }}>
                  {ranges.length === 0 && !error ? (
                    <Text size="2" color="gray">
                      Nessuna fascia oraria: aggiungine una.
                    </Text>
                  ) : null}
                  <FieldError id={errorId} message={error} />
                  {ranges.map((range, index) => (
                    <Flex key={`${range.from}-${range.to}`} gap="2" align="center" wrap="wrap">
                      <TimeSelect
                        label={`${label}, fascia ${index + 1}: dalle`}
                        prefix="dalle"
                        value={range.from}
                        options={RANGE_STARTS}
                        onChange={(from) => setDay(day, { availableHours: setRange(availableHours, index, { ...range, from }) })}
                      />
                      <TimeSelect
                        label={`${label}, fascia ${index + 1}: alle`}
                        prefix="alle"
                        value={range.to}
                        options={RANGE_ENDS}
                        onChange={(to) => setDay(day, { availableHours: setRange(availableHours, index, { ...range, to }) })}
                      />
                      <IconButton
                        type="button"
                        variant="ghost"
                        color="gray"
                        size="3"
                        aria-label={`Rimuovi la fascia ${range.from}–${range.to} di ${label}`}
                        onClick={() => setDay(day, { availableHours: removeRange(availableHours, index) })}
                      >
                        <Cross2Icon />
                      </IconButton>
                    </Flex>
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    size="2"
                    disabled={nextRange === null}
                    aria-label={`Aggiungi una fascia oraria a ${label}`}
                    onClick={() => nextRange && setDay(day, { availableHours: nextRange })}
                    style={{ width: "fit-content", minHeight: 44 }}
                  >
                    <PlusIcon /> Aggiungi fascia
                  </Button>
                </Flex>
              )}
            </Flex>
          </Box>
        );
      })}
      <Text size="1" color="gray">
        Orari dalle {AVAILABILITY_SLOTS[0]} alle 24:00, a mezz&apos;ore. Un consulto finisce entro la mezzanotte: alle 23:30 iniziano solo quelli da
        15 o 30 minuti.
      </Text>
    </Flex>
  );
}

function TimeSelect(props: { label: string; prefix: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <Flex align="center" gap="1">
      <Text size="2" color="gray" aria-hidden>
        {props.prefix}
      </Text>
      <select className="time-select" aria-label={props.label} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        {props.options.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
    </Flex>
  );
}
