import { Badge, Box, Button, Checkbox, Flex, Text } from "@radix-ui/themes";
import type { Weekday, WeeklyAvailability } from "@convex/lib/validators";
import { AVAILABILITY_SLOTS } from "@convex/model/profileRules";
import { WEEK, weekdayLabels } from "@/lib/weekdays";

type Props = {
  value: WeeklyAvailability;
  onChange: (next: WeeklyAvailability) => void;
  readOnly: boolean;
};

/**
 * The weekly schedule on the 30-minute grid (08:00–21:30), Monday first. Switching a day off
 * keeps its slots, so switching it back on restores them.
 */
export function AvailabilityEditor({ value, onChange, readOnly }: Props) {
  const setDay = (day: Weekday, next: Partial<WeeklyAvailability[Weekday]>) =>
    onChange({ ...value, [day]: { ...value[day], ...next } });

  const toggleSlot = (day: Weekday, slot: string) => {
    const hours = value[day].availableHours;
    setDay(day, { availableHours: hours.includes(slot) ? hours.filter((hour) => hour !== slot) : [...hours, slot].sort() });
  };

  return (
    <Flex direction="column" gap="3">
      {WEEK.map((day) => {
        const { enabled, availableHours } = value[day];
        const label = weekdayLabels[day];
        return (
          <Box key={day} role="group" aria-label={`Disponibilità di ${label}`} className="availability-day">
            <Flex align="center" gap="3" mb="2">
              <Text as="label" size="2" weight="bold" style={{ minWidth: 110 }}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={enabled}
                    disabled={readOnly}
                    onCheckedChange={(checked) => setDay(day, { enabled: checked === true })}
                  />
                  {label}
                </Flex>
              </Text>
              {readOnly && (!enabled || availableHours.length === 0) ? (
                <Text size="2" color="gray">
                  Chiuso
                </Text>
              ) : null}
            </Flex>
            {readOnly ? (
              enabled && availableHours.length > 0 ? (
                <Flex gap="1" wrap="wrap">
                  {availableHours.map((slot) => (
                    <Badge key={slot} variant="soft">
                      {slot}
                    </Badge>
                  ))}
                </Flex>
              ) : null
            ) : (
              <Flex gap="1" wrap="wrap">
                {AVAILABILITY_SLOTS.map((slot) => {
                  const selected = availableHours.includes(slot);
                  return (
                    <Button
                      key={slot}
                      type="button"
                      size="1"
                      variant={selected ? "solid" : "outline"}
                      color={selected ? undefined : "gray"}
                      disabled={!enabled}
                      aria-pressed={selected}
                      aria-label={`${label} ${slot}`}
                      onClick={() => toggleSlot(day, slot)}
                      style={{ minWidth: 52 }}
                    >
                      {slot}
                    </Button>
                  );
                })}
              </Flex>
            )}
          </Box>
        );
      })}
    </Flex>
  );
}
