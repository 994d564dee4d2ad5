import { usePaginatedQuery } from "convex/react";
import { useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { PsychicProfileView, REVIEWS_PAGE_SIZE, type NextAvailability } from "./PsychicProfileView";
import { useQueryWithNow } from "@/lib/useNow";
import { useRoundedNow } from "@/lib/useRoundedNow";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { romeDateOf } from "@convex/lib/time";
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
 * /psychics/{id}, live: a profile that is hidden, unpublished or deleted while open turns into
 * the not-found state without a reload, and booked slots leave "Prossime disponibilità". The
 * Reviews tab reads the reviews newest first, ten at a time.
 */
export function PsychicProfilePage() {
  const { id = "" } = useParams();
  const now = useRoundedNow();
  const { data: profile, savedAt } = useCachedQuery(api.psychics.getPublicProfile, { id }, { scope: "public" });
  // Asked for once the profile is known to be public (live, not kept): the server refuses the reviews of any other.
  const reviews = usePaginatedQuery(api.reviews.listPageForProfile, profile && savedAt === null ? { psychicProfileId: id } : "skip", {
    initialNumItems: REVIEWS_PAGE_SIZE,
  });
  const free = useQueryWithNow(api.psychics.listNextAvailability, { id, now });
  const readerFigures = useQueryWithNow(api.readerFigures.getForProfile, { id, now });
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
        readerFigures={savedAt === null ? { data: readerFigures } : undefined}
      />
    </>
  );
}
