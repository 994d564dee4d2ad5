// The booking page's choice lives in its query string (`type`, `duration`, `date`, `time`), so a shared link
// or the way back from sign-in keeps it. Values that are invalid, past or not offered are ignored.
import { useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { isCalendarDate, isClockTime } from "@convex/framework/time";
import type { ConsultationType } from "@convex/framework/validators";
import { CONSULTATION_TYPE_PARAM, consultationTypeParam } from "@/lib/catalogue/consultationTypeParam";

/** The spec's default duration, when the psychic offers it. */
const DEFAULT_DURATION = 30;

export type BookingChoice = { consultationType: ConsultationType; duration: number; date: string | null; time: string | null };

/** The query string's names of the choice's parts. */
type ChoiceParam = "duration" | "date" | "time" | typeof CONSULTATION_TYPE_PARAM;

/**
 * The type to book: the query's if the psychic offers it, else voice (absent from the address), else the
 * only one they offer. Before the profile is known (`offered` undefined) the query's is taken as it is.
 */
function chosenType(raw: string | null, offered: readonly ConsultationType[] | undefined): ConsultationType {
  const asked = consultationTypeParam(raw);
  if (offered === undefined || offered.length === 0) return asked ?? "voice";
  if (asked !== null && offered.includes(asked)) return asked;
  return offered.includes("voice") ? "voice" : offered[0]!;
}

/** The duration to start from: the query's if the psychic offers it, else 30 minutes, else their shortest. */
function chosenDuration(raw: string | null, offered: readonly number[] | undefined): number {
  const asked = Number(raw);
  if (offered === undefined) return raw !== null && [15, 30, 45, 60].includes(asked) ? asked : DEFAULT_DURATION;
  if (offered.includes(asked)) return asked;
  if (offered.includes(DEFAULT_DURATION) || offered.length === 0) return DEFAULT_DURATION;
  return Math.min(...offered);
}

/** The choice read from a query string: a past or malformed date, or a time without a date, is ignored. */
export function readChoice(
  params: URLSearchParams,
  offered: readonly number[] | undefined,
  today: string,
  offeredTypes?: readonly ConsultationType[],
): BookingChoice {
  const rawDate = params.get("date");
  const date = rawDate !== null && isCalendarDate(rawDate) && rawDate >= today ? rawDate : null;
  const rawTime = params.get("time");
  const time = date !== null && rawTime !== null && isClockTime(rawTime) ? rawTime : null;
  return {
    consultationType: chosenType(params.get(CONSULTATION_TYPE_PARAM), offeredTypes),
    duration: chosenDuration(params.get("duration"), offered),
    date,
    time,
  };
}

/** The type as the address keeps it: voice is the default, so only chat is written. */
export function typeParamOf(type: ConsultationType): string | null {
  return type === "voice" ? null : type;
}

/** Why a chosen time was unchosen: someone took it, or it does not fit the new length (`minutes`). */
export type VanishedTime = { time: string; minutes?: number };

type NavigationState = { vanishedTime?: string; vanishedForMinutes?: number; lengthChanged?: boolean } | null;

export function useBookingChoice(offered: readonly number[] | undefined, today: string, offeredTypes?: readonly ConsultationType[]) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const choice = readChoice(params, offered, today, offeredTypes);

  // Replace, not push: the back button leaves the page instead of stepping through every click.
  const update = useCallback(
    (changes: Partial<Record<ChoiceParam, string | null>>, state?: NavigationState) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, state: state ?? null },
      );
    },
    [setParams],
  );

  const actions = useMemo(
    () => ({
      // Another type keeps the length, day and time: only the price changes (every length is offered in every type).
      chooseType: (type: ConsultationType) => update({ [CONSULTATION_TYPE_PARAM]: typeParamOf(type) }),
      // Another length keeps the time; the page unchooses it, saying so, if it is not free for that length.
      chooseDuration: (minutes: number) => update({ duration: String(minutes) }, { lengthChanged: true }),
      // Another day has other free times: the time is chosen again.
      chooseDate: (date: string) => update({ date, time: null }),
      chooseTime: (time: string) => update({ time }),
      dropVanishedTime: (time: string, forMinutes?: number) =>
        update({ time: null }, forMinutes === undefined ? { vanishedTime: time } : { vanishedTime: time, vanishedForMinutes: forMinutes }),
      /** The chosen time is the client's own hold: unchosen without the "taken" note (the hold's banner says why). */
      dropOwnHeldTime: () => update({ time: null }),
      /** Back to a day's free times (after releasing a hold there): its date, type and duration, no time yet. */
      showDay: (date: string, minutes: number, type: ConsultationType) =>
        update({ date, duration: String(minutes), time: null, [CONSULTATION_TYPE_PARAM]: typeParamOf(type) }),
    }),
    [update],
  );

  return {
    ...choice,
    ...actions,
    /** The time that was chosen and then taken, or did not fit a new length; the note goes with the next choice. */
    vanishedTime: vanishedOf(location.state as NavigationState),
    /** The length was just changed with a time chosen: a time not free for it is unchosen with its own note. */
    lengthChanged: (location.state as NavigationState)?.lengthChanged === true,
  };
}

function vanishedOf(state: NavigationState): VanishedTime | null {
  if (!state?.vanishedTime) return null;
  return state.vanishedForMinutes === undefined ? { time: state.vanishedTime } : { time: state.vanishedTime, minutes: state.vanishedForMinutes };
}
