// The day to book: the month calendar on a tablet or computer, the week strip on a phone (the month one
// tap away). Both read the same live query (the shown range's dates with a free time) and write the
// same choice, so turning a tablet or resizing keeps it.
import { useMemo, useState } from "react";
import { Button, Flex, Heading } from "@radix-ui/themes";
import { addDays, differenceInCalendarDays, endOfMonth } from "date-fns";
import { BOOKING_MONTHS_AHEAD } from "@convex/model/slots";
import { dayOf, isoDay } from "@/features/booking/calendarDays";
import { useBookableDates, type BookableDatesArgs } from "@/lib/catalogue/bookableDates";
import { BookingCalendar, shiftMonth } from "./BookingCalendar";
import { BookingWeekStrip, mondayOf } from "./BookingWeekStrip";

type SlotQuery = Omit<BookableDatesArgs, "from" | "days">;

type Props = {
  slotQuery: SlotQuery;
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
  phone: boolean;
};

const daysFrom = (from: string, last: string) => differenceInCalendarDays(dayOf(last), dayOf(from)) + 1;

export function BookingDates({ slotQuery, today, selected, onSelect, phone }: Props) {
  const [monthOnPhone, setMonthOnPhone] = useState(false);
  const byWeek = phone && !monthOnPhone;
  // The month or week shown: the one the person moved to, else the chosen date's. Another chosen date
  // (a released hold's day, the first free day) brings the view back to it.
  const [moved, setMoved] = useState<{ to: string; from: string | null } | null>(null);
  const shown = moved !== null && moved.from === selected ? moved.to : null;
  const move = (to: string) => setMoved({ to, from: selected });

  // How far ahead: this month and the next five.
  const firstMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = shiftMonth(firstMonth, BOOKING_MONTHS_AHEAD);
  const lastDay = isoDay(endOfMonth(dayOf(lastMonth)));
  const around = selected ?? today;

  const wantedMonth = shown !== null && !byWeek ? `${shown.slice(0, 7)}-01` : `${around.slice(0, 7)}-01`;
  const month = wantedMonth < firstMonth ? firstMonth : wantedMonth;
  const firstWeek = mondayOf(today);
  const lastWeek = mondayOf(lastDay);
  const wantedWeek = shown !== null && byWeek ? mondayOf(shown) : mondayOf(around);
  const week = wantedWeek < firstWeek ? firstWeek : wantedWeek > lastWeek ? lastWeek : wantedWeek;

  // Never before today: the server has nothing to say about past days.
  const start = byWeek ? week : month;
  const from = start <= today ? today : start;
  const weekEnd = isoDay(addDays(dayOf(week), 6));
  const last = byWeek ? (weekEnd < lastDay ? weekEnd : lastDay) : isoDay(endOfMonth(dayOf(month)));
  const bookableDates = useBookableDates({ ...slotQuery, from, days: daysFrom(from, last) });
  const bookable = useMemo(() => (bookableDates === undefined ? undefined : new Set(bookableDates)), [bookableDates]);

  return (
    <Flex direction="column" gap="2">
      <Flex align="center" justify="between" gap="2">
        <Heading as="h2" size="4">
          Data
        </Heading>
        {phone ? (
          <Button type="button" variant="ghost" size="2" className="booking-view-switch" onClick={() => setMonthOnPhone((month) => !month)}>
            {monthOnPhone ? "Mostra la settimana" : "Mostra il mese"}
          </Button>
        ) : null}
      </Flex>
      {byWeek ? (
        <BookingWeekStrip
          week={week}
          firstWeek={firstWeek}
          lastWeek={lastWeek}
          onWeekChange={move}
          today={today}
          lastDay={lastDay}
          selected={selected}
          bookable={bookable}
          onSelect={onSelect}
        />
      ) : (
        <BookingCalendar
          month={month}
          firstMonth={firstMonth}
          lastMonth={lastMonth}
          onMonthChange={move}
          today={today}
          selected={selected}
          bookable={bookable}
          onSelect={onSelect}
        />
      )}
    </Flex>
  );
}
