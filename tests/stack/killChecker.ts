// What must hold after the embedded backend running the product was killed and restarted (productJobsKill.test.ts):
// returned as a list of violations, so a test can show it empty, and red when a fault (faults.ts) is armed.
import { Durability, type Doc } from "@arcano/local-backend/durability";
import { API_KEY } from "@arcano/local-backend/testing/stripe";
import type { RunningBackend } from "@arcano/local-backend/testing/backend";

/**
 * The writes a client saw acknowledged before the kill: each booking's last status, the psychic's joins, and the
 * cancellations late enough to keep the psychic a share (transferred at the time the consultation would have ended).
 */
export interface Acks {
  bookings: Map<string, "pending_payment" | "confirmed" | "cancelled">;
  joins: Set<string>;
  lateCancellations: Set<string>;
}

export interface World {
  backend: RunningBackend;
  stripeUrl: string;
  mailUrl: string;
  mailToken: string;
  dataDir: string;
}

/** `key`: where the durability log keeps it (`<component>/<id>` for a component's job). */
type Job = Doc & { key: string; name: string; scheduledTime: number; state: { kind: string }; args: Array<Record<string, unknown>> };
type Booking = Doc & {
  status: string;
  clientId: string;
  paidAt?: number;
  psychicJoinedAt?: number;
  holdExpiresAt?: number;
  stripePaymentIntentId?: string;
  refundCents?: number;
  refundStatus?: string;
};

/**
 * The jobs pending in the killed backend's data that are due by `now`, the components' (the pools' loops) included:
 * each must run exactly once after the restart, unless it is cancelled first (a pool's loop replaced by a newer one).
 */
export function dueJobs(docs: Record<string, Doc>, now: number): Job[] {
  return Object.entries(docs).flatMap(([key, d]) => {
    const job = d as Job;
    return d._id.endsWith("_scheduled_functions") && job.state.kind === "pending" && job.scheduledTime <= now ? [{ ...job, key }] : [];
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function jobRuns(backend: RunningBackend): Promise<Record<string, { name: string; runs: number }>> {
  const response = await fetch(`${backend.cloudUrl}/debug/jobRuns`, { headers: { authorization: `Convex ${backend.adminKey}` } });
  return (await response.json()) as Record<string, { name: string; runs: number }>;
}

async function stripeTransfers(world: World): Promise<Array<{ metadata: Record<string, string> }>> {
  const response = await fetch(`${world.stripeUrl}/v1/transfers?limit=100`, { headers: { authorization: `Bearer ${API_KEY}` } });
  return ((await response.json()) as { data: Array<{ metadata: Record<string, string> }> }).data;
}

/** What Stripe refunded of a payment: its charge's `amount_refunded`, in cents. */
async function refundedAtStripe(world: World, paymentIntentId: string): Promise<number> {
  const response = await fetch(`${world.stripeUrl}/v1/payment_intents/${paymentIntentId}?expand[]=latest_charge`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  const intent = (await response.json()) as { latest_charge?: { amount_refunded?: number } };
  return intent.latest_charge?.amount_refunded ?? 0;
}

async function mailsTo(world: World, to: string): Promise<Array<{ subject: string; text?: string }>> {
  const response = await fetch(`${world.mailUrl}/api/messages?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${world.mailToken}` },
  });
  return (await response.json()) as Array<{ subject: string; text?: string }>;
}

const isReminder24h = (job: Job) => job.name.startsWith("reminders") && job.args[0]?.kind === "24h";

/**
 * Waits (at most `waitMs`) for the restarted backend to run the due jobs and what they start (emails, transfers),
 * then stops it gracefully and checks its data, the mailbox and the Stripe ledger.
 */
/** The 24-hour reminders the restart owes, from the data before it: a booking confirmed then, starting after it. */
function remindersOwed(before: Record<string, Doc>, due: Job[], restartedAt: number): Array<{ bookingId: string; email: string }> {
  return due.filter(isReminder24h).flatMap((job) => {
    const booking = before[job.args[0].bookingId as string] as (Booking & { startsAt: number }) | undefined;
    if (booking?.status !== "confirmed" || booking.startsAt <= restartedAt) return [];
    return [{ bookingId: booking._id, email: (before[booking.clientId] as Doc & { email: string }).email }];
  });
}

const isReminderOf = (bookingId: string) => (m: { subject: string; text?: string }) => m.subject.startsWith("Promemoria") && (m.text?.includes(bookingId) ?? false);

export async function checkAfterRestart(
  world: World,
  acks: Acks,
  due: Job[],
  restartedAt: number,
  before: Record<string, Doc>,
  waitMs = 25_000,
): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  const held = [...acks.joins];
  // Every booking whose share must reach Stripe once: the consultations given and the late cancellations.
  const shared = [...held, ...acks.lateCancellations];
  const owed = remindersOwed(before, due, restartedAt);
  let runs = await jobRuns(world.backend);
  while (Date.now() < deadline) {
    runs = await jobRuns(world.backend);
    const transfers = await stripeTransfers(world);
    // A component's job (a pool's loop) may be cancelled by a newer one: the check below tells.
    const allRan = due.every((job) => runs[job._id] !== undefined || job.key.includes("/"));
    const allPaid = shared.every((id) => transfers.some((t) => t.metadata.bookingId === id));
    // Emails leave through Resend's pool, at its rate: the reminders owed must have arrived before the stop.
    const allMailed = (await Promise.all(owed.map(async ({ bookingId, email }) => (await mailsTo(world, email)).some(isReminderOf(bookingId))))).every(Boolean);
    if (allRan && allPaid && allMailed) break;
    await sleep(250);
  }
  // Time for a job run twice, or an email or a transfer sent twice, to show.
  await sleep(1500);
  runs = await jobRuns(world.backend);
  const transfers = await stripeTransfers(world);
  await world.backend.stop();
  const { docs } = new Durability(
    world.dataDir,
    (fn) => fn(),
    () => {},
  ).load();
  const violations: string[] = [];

  for (const job of due) {
    const n = runs[job._id]?.runs ?? 0;
    const state = (docs[job.key] as Job | undefined)?.state.kind;
    if (state === "canceled" ? n !== 0 : n !== 1) violations.push(`job ${job.name} (${job._id}, ${state}) due while down ran ${n} times after the restart`);
  }
  for (const [id, status] of acks.bookings) {
    const booking = docs[id] as Booking | undefined;
    if (!booking) violations.push(`acknowledged booking ${id} (${status}) is missing`);
    else if (status === "confirmed" && !["confirmed", "completed", "cancelled"].includes(booking.status))
      violations.push(`booking ${id} was acknowledged confirmed, is ${booking.status}`);
    else if (status === "cancelled" && booking.status !== "cancelled")
      violations.push(`booking ${id} was acknowledged cancelled, is ${booking.status}`);
    if (booking?.status === "pending_payment") violations.push(`booking ${id} is still held after its expiry fell due`);
  }
  for (const id of held) {
    const booking = docs[id] as Booking | undefined;
    if (booking?.psychicJoinedAt === undefined) violations.push(`the psychic's acknowledged join of ${id} is missing`);
    if (booking?.status !== "completed" && booking?.status !== "no_show")
      violations.push(`consultation ${id} was held, is ${booking?.status} after its end fell due`);
  }
  for (const id of shared) {
    const shares = Object.values(docs).filter((d) => d._id.endsWith("psychicTransfers") && d.bookingId === id);
    const atStripe = transfers.filter((t) => t.metadata.bookingId === id);
    if (shares.length !== 1 || atStripe.length !== 1)
      violations.push(`consultation ${id}: ${shares.length} share rows, ${atStripe.length} transfers at Stripe`);
  }
  // A paid booking the client saw cancelled: its refund reached Stripe once, whether it ran before the kill or after.
  for (const [id, status] of acks.bookings) {
    const booking = docs[id] as Booking | undefined;
    if (status !== "cancelled" || booking?.stripePaymentIntentId === undefined || !booking.refundCents) continue;
    const refunded = await refundedAtStripe(world, booking.stripePaymentIntentId);
    if (booking.refundStatus !== "succeeded" || refunded !== booking.refundCents)
      violations.push(
        `cancelled booking ${id}: refund ${booking.refundStatus ?? "never asked"}, ${refunded} of ${booking.refundCents} cents refunded at Stripe`,
      );
  }
  for (const job of due.filter(isReminder24h)) {
    const booking = docs[job.args[0].bookingId as string] as Booking & { startsAt: number };
    // A reminder that runs after the start sends nothing (reminders.ts): the seeded demo's past bookings.
    if (booking.status !== "confirmed" || booking.startsAt <= restartedAt) continue;
    const client = docs[booking.clientId] as Doc & { email: string };
    const sent = (await mailsTo(world, client.email)).filter(isReminderOf(booking._id));
    if (sent.length !== 1) violations.push(`booking ${booking._id}: ${sent.length} 24-hour reminders to the client`);
  }
  return violations;
}
