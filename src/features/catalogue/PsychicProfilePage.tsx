import { usePaginatedQuery } from "convex/react";
import { useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { PsychicProfileView, REVIEWS_PAGE_SIZE, type NextAvailability } from "./PsychicProfileView";
import { useQueryWithNow } from "@/lib/time/useNow";
import { useRoundedNow } from "@/lib/time/useRoundedNow";
import { useNextAvailability } from "@/lib/catalogue/nextAvailability";
import { useKeptPublicProfile } from "@/lib/catalogue/publicProfile";
import { romeDateOf } from "@convex/framework/time";
import { isFreeToday } from "@convex/model/nextAvailability";
import { PageTitle } from "@/components/PageTitle";

const dayLabel = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "Oggi", "Domani" or "Giovedì 26 novembre" for a Rome calendar date. */
export function relativeDayLabel(date: string, now: number): string {
  const today = romeDateOf(now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (date === today) return "Oggi";
  if (date === tomorrow) return "Domani";
  const label = dayLabel.format(new Date(`${date}T12:00:00Z`));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * 'Disponibile oggi' on the profile, by the list's own rule (model/nextAvailability.ts `isFreeToday`): a time
 * free today in Rome, read from "Prossime disponibilità" (the slot engine's free times from now on, notice
 * included), whose first day is today when today has one.
 */
export function freeTodayOf(days: ReadonlyArray<{ date: string; ranges: ReadonlyArray<{ from: string }> }>, now: number): boolean {
  const [first] = days;
  return isFreeToday(first ? { date: first.date, time: first.ranges[0]?.from ?? "" } : null, now);
}

/**
 * /psychics/{slug} (or an old /psychics/{id}, which ProfileAddress replaces with the slug's), live: a profile
 * that is hidden, unpublished or deleted while open turns into the not-found state without a reload, and
 * booked slots leave "Prossime disponibilità". 'Chi sono' shows the newest reviews; the Reviews tab reads
 * them all, newest first, ten at a time.
 */
export function PsychicProfilePage() {
  // The address part: the slug or the id; the profile's queries accept either.
  const { id = "" } = useParams();
  const now = useRoundedNow();
  const { data: profile, savedAt } = useKeptPublicProfile(id);
  // Asked for once the profile is known to be public (live, not kept): the server refuses the reviews of any other.
  const reviews = usePaginatedQuery(
    api.reviews.listPageForProfile,
    profile && savedAt === null ? { psychicProfileId: profile.id } : "skip",
    { initialNumItems: REVIEWS_PAGE_SIZE },
  );
  const free = useNextAvailability(id, now);
  const psychicFigures = useQueryWithNow(api.psychicFigures.getForProfile, { id, now });
  const nextAvailability: NextAvailability[] | undefined = free?.map((day) => ({
    date: day.date,
    label: relativeDayLabel(day.date, now),
    ranges: day.ranges,
  }));
  return (
    <>
      <PageTitle title={profile ? `${profile.psychicName} — Cartomante` : profile === null ? "Cartomante non trovato" : "Cartomante"} />
      <PsychicProfileView
        profile={profile}
        savedAt={savedAt}
        reviews={profile ? reviews : undefined}
        nextAvailability={nextAvailability}
        now={now}
        freeToday={free === undefined ? undefined : freeTodayOf(free, now)}
        psychicFigures={savedAt === null ? { data: psychicFigures } : undefined}
      />
    </>
  );
}
