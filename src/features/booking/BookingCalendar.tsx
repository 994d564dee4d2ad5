// A Monday-first Italian month calendar. Days that are past or have no free time are disabled.
// Keyboard (the APG date-grid pattern): one day is in the tab order; arrows move by day and week
// over the selectable days, Home/End go to the month's first/last selectable day, PageUp/PageDown
// change month.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { ChevronLeftIcon, ChevronRightIcon } from "@radix-ui/react-icons";
import { addDays, addMonths, eachDayOfInterval, endOfMonth, format, getDay } from "date-fns";
import { it } from "date-fns/locale";
import { formatItalianDate } from "@/lib/text/format";
import { dayOf, isoDay } from "@/features/booking/calendarDays";
import "./booking.css";

const WEEKDAYS = [
  ["lun", "lunedì"],
  ["mar", "martedì"],
  ["mer", "mercoledì"],
  ["gio", "giovedì"],
  ["ven", "venerdì"],
  ["sab", "sabato"],
  ["dom", "domenica"],
] as const;

type Props = {
  /** The first day of the month shown, "YYYY-MM-01". */
  month: string;
  firstMonth: string;
  lastMonth: string;
  onMonthChange: (month: string) => void;
  today: string;
  selected: string | null;
  /** The month's dates with a free time; undefined while they load (every day disabled). */
  bookable: ReadonlySet<string> | undefined;
  onSelect: (date: string) => void;
};

/** "2026-11-01" → the month before or after, as its first day. */
export function shiftMonth(month: string, by: number): string {
  return isoDay(addMonths(dayOf(month), by));
}

/** The month's days in weeks from Monday; null pads the first and last week. */
function weeksOf(month: string): (string | null)[][] {
  const start = dayOf(month);
  const days = eachDayOfInterval({ start, end: endOfMonth(start) }).map(isoDay);
  const cells: (string | null)[] = [...Array<null>((getDay(start) + 6) % 7).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function BookingCalendar({ month, firstMonth, lastMonth, onMonthChange, today, selected, bookable, onSelect }: Props) {
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const nextMonthRef = useRef<HTMLButtonElement>(null);
  // After PageUp/PageDown or an arrow past the month's edge, focus lands in the new month once it loads.
  const pendingFocus = useRef<"first" | "last" | null>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const weeks = weeksOf(month);
  const days = weeks.flat().filter((day): day is string => day !== null);
  const selectable = (day: string) => day >= today && bookable?.has(day) === true;
  const selectableDays = days.filter(selectable);
  const inTabOrder = [focused, selected].find((day) => day !== null && days.includes(day) && selectable(day)) ?? selectableDays[0] ?? null;
  const canGoBack = month > firstMonth;
  const canGoForward = month < lastMonth;
  const monthLabel = format(dayOf(month), "LLLL yyyy", { locale: it });

  const focusDay = (day: string) => gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${day}"]`)?.focus();

  const changeMonth = (by: number, focus: "first" | "last" | null) => {
    const next = shiftMonth(month, by);
    if (next < firstMonth || next > lastMonth) return;
    pendingFocus.current = focus;
    onMonthChange(next);
  };

  useEffect(() => {
    if (pendingFocus.current === null || bookable === undefined) return;
    const target = pendingFocus.current === "first" ? selectableDays[0] : selectableDays[selectableDays.length - 1];
    pendingFocus.current = null;
    if (target !== undefined) focusDay(target);
    else nextMonthRef.current?.focus();
    // Runs when the new month's days arrive; selectableDays follows from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [month, bookable]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (from === undefined) return;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (event.key in steps) {
      event.preventDefault();
      const step = steps[event.key]!;
      // Walk over disabled days to the next selectable one; past the month's edge, into the next month.
      for (let day = isoDay(addDays(dayOf(from), step)); ; day = isoDay(addDays(dayOf(day), step))) {
        if (!days.includes(day)) {
          changeMonth(step > 0 ? 1 : -1, step > 0 ? "first" : "last");
          return;
        }
        if (selectable(day)) {
          focusDay(day);
          return;
        }
      }
    }
    const jumps: Record<string, () => void> = {
      Home: () => selectableDays[0] && focusDay(selectableDays[0]),
      End: () => selectableDays.length > 0 && focusDay(selectableDays[selectableDays.length - 1]!),
      PageUp: () => changeMonth(-1, "first"),
      PageDown: () => changeMonth(1, "first"),
    };
    if (event.key in jumps) {
      event.preventDefault();
      jumps[event.key]!();
    }
  };

  return (
    <Flex direction="column" gap="3">
      <Flex align="center" justify="between" gap="2">
        <IconButton variant="soft" aria-label="Mese precedente" disabled={!canGoBack} onClick={() => changeMonth(-1, null)}>
          <ChevronLeftIcon />
        </IconButton>
        <Heading as="h3" size="4" id={headingId} aria-live="polite" className="booking-month">
          {monthLabel}
        </Heading>
        <IconButton
          ref={nextMonthRef}
          variant="soft"
          aria-label="Mese successivo"
          disabled={!canGoForward}
          onClick={() => changeMonth(1, null)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Flex>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={headingId}
        aria-busy={bookable === undefined}
        className="booking-calendar"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                <Text size="1" color="gray">
                  {short}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((day) => day !== null)}>
              {week.map((day, index) =>
                day === null ? (
                  <td key={`pad-${index}`} role="gridcell" />
                ) : (
                  <td key={day} role="gridcell">
                    <Button
                      type="button"
                      data-date={day}
                      size="2"
                      variant={day === selected ? "solid" : selectable(day) ? "soft" : "ghost"}
                      disabled={!selectable(day)}
                      aria-label={formatItalianDate(day)}
                      aria-pressed={day === selected}
                      aria-current={day === today ? "date" : undefined}
                      tabIndex={day === inTabOrder ? 0 : -1}
                      onFocus={() => setFocused(day)}
                      onClick={() => onSelect(day)}
                      className="booking-day"
                      data-today={day === today ? "" : undefined}
                    >
                      {Number(day.slice(8))}
                    </Button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Text size="1" color="gray">
        I giorni senza orari liberi non sono selezionabili.
      </Text>
    </Flex>
  );
}
