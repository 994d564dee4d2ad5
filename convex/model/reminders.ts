// The reminders before a consultation (docs/product-rules.md, "Emails"): when each is due. Plain functions over
// values: no ctx, no clock.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The reminders, before the start. */
export const REMINDER_OFFSETS_MS = { "24h": 24 * HOUR_MS, "15m": 15 * MINUTE_MS } as const;
type ReminderKind = keyof typeof REMINDER_OFFSETS_MS;

/** When each reminder is due, for a booking confirmed or moved at `nowMs`; a reminder already due is skipped. */
export function reminderTimes(startsAt: number, nowMs: number): Array<{ kind: ReminderKind; at: number }> {
  return (Object.keys(REMINDER_OFFSETS_MS) as ReminderKind[])
    .map((kind) => ({ kind, at: startsAt - REMINDER_OFFSETS_MS[kind] }))
    .filter(({ at }) => at > nowMs);
}
