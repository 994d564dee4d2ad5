// A client's notices (convex/notices.ts): listed for their client, with the unread count, and marked read by
// that client only.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, signInAs, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

/** PsychicA's Monday full: 09:00 held by clientB's checkout, 09:30 clientA's confirmed booking; client C waits. */
async function fullMonday() {
  const w = await buildWorld(setupTest());
  await w.as.clientB.action(api.payments.startCheckout, {
    psychicProfileId: w.profileA,
    durationMinutes: 30,
    date: w.monday,
    time: "09:00",
    consent: true,
  });
  const third = await signInAs(w.t, { email: "cliente.c@esempio.it", name: "Cliente C", accountType: "client" });
  return { w, clientC: third.as };
}

const wish = (w: World) => ({ psychicProfileId: w.profileA, date: w.monday, durationMinutes: 30 as const });

async function noticesOf(client: TestClient) {
  return (await client.query(api.notices.listMine, {})).notices;
}

/** Runs what is due now and what that schedules at once (the check runs after the freeing write). */
async function settle(w: World) {
  for (let round = 0; round < 3; round++) {
    vi.advanceTimersByTime(1);
    await w.t.finishInProgressScheduledFunctions();
  }
}

describe("notices", () => {
  it("are marked read by their client only", async () => {
    const { w, clientC } = await fullMonday();
    await clientC.mutation(api.availabilityAlerts.subscribe, wish(w));
    await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: w.bookingA, expectedRefundCents: 5000 });
    await settle(w);
    const [notice] = await noticesOf(clientC);
    expect(await errorCodeOf(w.as.clientB.mutation(api.notices.markRead, { noticeId: notice.id }))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.clientB.mutation(api.notices.markRead, { noticeId: "sconosciuto" }))).toBe("NOT_FOUND");
    expect((await clientC.query(api.notices.listMine, {})).unread).toBe(1);
    await clientC.mutation(api.notices.markRead, { noticeId: notice.id });
    await clientC.mutation(api.notices.markRead, { noticeId: notice.id });
    expect(await clientC.query(api.notices.listMine, {})).toEqual({ notices: [{ ...notice, read: true }], unread: 0 });
    expect(await w.as.clientB.query(api.notices.listMine, {})).toEqual({ notices: [], unread: 0 });
  });
});
