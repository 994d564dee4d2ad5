// On a phone, the week in one row (Monday first): a day is a 44 px target, a day without a free time is
// marked and cannot be chosen. Keyboard: one day is in the tab order; the arrows move over the week's
// selectable days, Home/End go to its first/last.
import { useId, useState, type KeyboardEvent } from "react";
import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { ChevronLeftIcon, ChevronRightIcon } from "@radix-ui/react-icons";
import { addDays, format } from "date-fns";
import { it } from "date-fns/locale";
import { formatItalianDate } from "@/lib/text/format";
import { dayOf, isoDay } from "@/features/booking/calendarDays";
import "./booking.css";

/** The Monday of a date's week, "YYYY-MM-DD". */
export function mondayOf(date: string): string {
  const day = dayOf(date);
  return isoDay(addDays(day, -((day.getDay() + 6) % 7)));
}

function shiftWeek(week: string, by: number): string {
  return isoDay(addDays(dayOf(week), 7 * by));
}

/** "23 – 29 novembre 2026", or "30 novembre – 6 dicembre 2026" across a month's end. */
function weekLabel(week: string): string {
  const first = dayOf(week);
  const last = addDays(first, 6);
  const sameMonth = first.getMonth() === last.getMonth();
  const sameYear = first.getFullYear() === last.getFullYear();
  const start = format(first, sameMonth ? "d" : sameYear ? "d MMMM" : "d MMMM yyyy", { locale: it });
  return `${start} – ${format(last, "d MMMM yyyy", { locale: it })}`;
}

type Props = {
  /** The Monday of the week shown. */
  week: string;
  firstWeek: string;
  lastWeek: string;
  onWeekChange: (week: string) => void;
  today: string;
  /** The last day that can be booked. */
  lastDay: string;
  selected: string | null;
  /** The week's dates with a free time; undefined while they load (every day disabled). */
  bookable: ReadonlySet<string> | undefined;
  onSelect: (date: string) => void;
};

export function BookingWeekStrip({ week, firstWeek, lastWeek, onWeekChange, today, lastDay, selected, bookable, onSelect }: Props) {
  const labelId = useId();
  const [focused, setFocused] = useState<string | null>(null);
  const days = Array.from({ length: 7 }, (_, offset) => isoDay(addDays(dayOf(week), offset)));
  const selectable = (day: string) => day >= today && day <= lastDay && bookable?.has(day) === true;
  const selectableDays = days.filter(selectable);
  const inTabOrder = [focused, selected].find((day) => day !== null && days.includes(day) && selectable(day)) ?? selectableDays[0] ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (from === undefined) return;
    const index = selectableDays.indexOf(from);
    const targets: Record<string, string | undefined> = {
      ArrowLeft: selectableDays[index - 1],
      ArrowRight: selectableDays[index + 1],
      Home: selectableDays[0],
      End: selectableDays[selectableDays.length - 1],
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    const target = targets[event.key];
    if (target !== undefined) event.currentTarget.querySelector<HTMLButtonElement>(`button[data-date="${target}"]`)?.focus();
  };

  return (
    <Flex direction="column" gap="3">
      <Flex align="center" justify="between" gap="2">
        <IconButton
          size="3"
          variant="soft"
          aria-label="Settimana precedente"
          disabled={week <= firstWeek}
          onClick={() => onWeekChange(shiftWeek(week, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Text id={labelId} weight="bold" aria-live="polite">
          {weekLabel(week)}
        </Text>
        <IconButton
          size="3"
          variant="soft"
          aria-label="Settimana successiva"
          disabled={week >= lastWeek}
          onClick={() => onWeekChange(shiftWeek(week, 1))}
        >
          <ChevronRightIcon />
        </IconButton>
      </Flex>
      <div role="group" aria-labelledby={labelId} aria-busy={bookable === undefined} className="booking-week" onKeyDown={onKeyDown}>
        {days.map((day) => {
          const free = selectable(day);
          return (
            <Button
              key={day}
              type="button"
              data-date={day}
              variant={day === selected ? "solid" : free ? "soft" : "ghost"}
              color={free || day === selected ? undefined : "gray"}
              disabled={!free}
              aria-label={`${formatItalianDate(day)}, ${free ? "con orari liberi" : "nessun orario libero"}`}
              aria-pressed={day === selected}
              aria-current={day === today ? "date" : undefined}
              tabIndex={day === inTabOrder ? 0 : -1}
              onFocus={() => setFocused(day)}
              onClick={() => onSelect(day)}
              className="booking-week-day"
              data-today={day === today ? "" : undefined}
              data-full={free ? undefined : ""}
            >
              <span aria-hidden className="booking-week-name">
                {format(dayOf(day), "EEE", { locale: it })}
              </span>
              <span aria-hidden className="booking-week-number">
                {Number(day.slice(8))}
              </span>
            </Button>
          );
        })}
      </div>
      <Text size="1" color="gray">
        I giorni barrati non hanno orari liberi.
      </Text>
    </Flex>
  );
}
