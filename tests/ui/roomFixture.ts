// The consultation room as calls.getRoom answers it, for the call's and the chat's component tests.
import type { Room } from "@/features/call/callTypes";

const MINUTE = 60_000;
const nobody = { seenAt: null, leftAt: null, muted: false };

/** A 30-minute call that started half a minute ago ("29:xx" left however slowly the test runs, up to 30 s), nobody in yet. */
export function roomFixture(party: "client" | "psychic", changes: Partial<Room> = {}): Room {
  const startsAt = Date.now() - 30_000;
  return {
    bookingId: "b1" as Room["bookingId"],
    party,
    consultationType: "voice",
    chat: null,
    psychicProfileId: "p1" as Room["psychicProfileId"],
    psychic: { name: "Selene", photoUrl: null },
    client: { name: "Marta Rossi" },
    notes: party === "psychic" ? "Vorrei parlare del lavoro." : null,
    reviewable: false,
    bookingStatus: "confirmed",
    scheduledDate: "2026-11-25",
    scheduledTime: "09:30",
    durationMinutes: 30,
    opensAt: startsAt - 5 * MINUTE,
    startsAt,
    endsAt: startsAt + 30 * MINUTE,
    provider: "webrtc",
    session: null,
    settled: false,
    self: nobody,
    other: nobody,
    ...changes,
  };
}
