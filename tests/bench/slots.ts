// The product scenario: the embedded backend on the product's own convex/, with the demo data;
// 100 ConvexClients watch one psychic's free times for a day, as the booking page does, while a hold on
// one of those times is taken and released. Also runs tests/convex/bookings.slotsReads.test.ts, which counts the
// documents the slots query reads with 1 000 and 20 000 bookings in the table.
import { spawn } from "node:child_process";
import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import { DEMO_PASSWORD, demoAccounts, demoPsychics } from "../../convex/demo/data.ts";
import { RawWriter, ref, subscribeAll } from "./clients.ts";
import { now, ms, sleep, summarize, within } from "./stats.ts";

/** What the project's functions read from the environment, as scripts/start.mjs sets it (no Stripe, no mail). */
export const PRODUCT_ENV = { SITE_URL: "http://127.0.0.1:5173", ADMIN_EMAIL_DOMAIN: "arcano.it" };

const STEP_MS = 10_000;
const DAY_MS = 86_400_000;
const romeDate = (at: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(at);

interface SlotsSetup {
  psychicProfileId: string;
  psychicName: string;
  clientId: string;
  date: string;
  /** The free 30-minute start times of that day before the first hold; the rounds cycle through them. */
  times: string[];
  /** The coarse `now` the watching pages pass to the query. */
  now: number;
}

/**
 * Seeds the demo data through the admin key (`seed:run`, as `npm start` does), signs the demo client in
 * for their user id, and picks the demo psychic's day, 8 to 21 days ahead, with the most free times:
 * past the demo booking the seed gives that psychic within the coming week.
 */
export async function seedProduct(cloudUrl: string, adminKey: string): Promise<SlotsSetup> {
  const seeded = await fetch(`${cloudUrl}/api/function`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Convex ${adminKey}` },
    body: JSON.stringify({ path: "seed:run", args: {}, format: "json" }),
  });
  const result = (await seeded.json()) as { status: string; errorMessage?: string };
  if (result.status !== "success") throw new Error(`seed:run failed: ${result.errorMessage ?? JSON.stringify(result)}`);

  const http = new ConvexHttpClient(cloudUrl, { skipConvexDeploymentUrlCheck: true, logger: false });
  const psychicName = demoPsychics[0].psychicName;
  const { page: psychics } = (await http.query(ref("catalogue:listPage"), {
    paginationOpts: { numItems: 10, cursor: null },
    search: psychicName,
    now: Date.now(),
  } as never)) as { page: Array<{ id: string; psychicName: string }> };
  const psychic = psychics.find((r) => r.psychicName === psychicName);
  if (!psychic) throw new Error(`the seed has no listed psychic named ${psychicName}`);

  const signIn = (await http.action(ref("auth:signIn"), {
    provider: "password",
    params: { flow: "signIn", email: demoAccounts.client.email, password: DEMO_PASSWORD },
  } as never)) as { tokens: { token: string } | null };
  if (!signIn.tokens) throw new Error("the demo client could not sign in");
  http.setAuth(signIn.tokens.token);
  const viewer = (await http.query(ref("users:viewer"), {} as never)) as { id: string } | null;
  if (!viewer) throw new Error("users:viewer returned null for the demo client");
  http.clearAuth();

  // A coarse `now`, as the booking page passes it (rounded to the minute).
  const at = Math.floor(Date.now() / 60_000) * 60_000;
  let best = { date: "", times: [] as string[] };
  for (let d = 8; d <= 21; d++) {
    const date = romeDate(at + d * DAY_MS);
    const free = (await http.query(ref("bookings:listFreeStarts"), {
      psychicProfileId: psychic.id,
      date,
      durationMinutes: 30,
      now: at,
    } as never)) as {
      times: string[];
    } | null;
    if ((free?.times.length ?? 0) > best.times.length) best = { date, times: free!.times };
  }
  if (best.times.length === 0) throw new Error(`${psychicName} has no free 30-minute time in days 8–21`);
  return { psychicProfileId: psychic.id, psychicName, clientId: viewer.id, date: best.date, times: best.times, now: at };
}

type Sample = { fromAck: number; firstFromAck: number; fromSend: number; ackFromSend: number };
/** Rounds compared at the start and the end of the run: the day's lapsed holds grow by one each round. */
const EDGE_ROUNDS = 30;

/**
 * Each round, an admin socket calls the internal mutation `payments:createHold` for a new client on
 * one of the day's times (the first half of `payments:startCheckout`), waits until every client's update
 * has lost that time, then `payments:releaseHoldAfterFailure` and waits until it is back in every
 * client's update. Times run from the MutationResponse to the last of the clients.
 */
export async function slotsFanOut(
  cloudUrl: string,
  siteUrl: string,
  adminKey: string,
  clients: ConvexClient[],
  setup: SlotsSetup,
  warmup: number,
  rounds: number,
) {
  const writer = await RawWriter.open(cloudUrl, adminKey);
  const n = clients.length;
  let want: (times: string[]) => boolean = () => false;
  let seen: boolean[] = [];
  let left = 0;
  let firstAt = 0n;
  let lastAt = 0n;
  let done = () => {};
  const query = { psychicProfileId: setup.psychicProfileId, date: setup.date, durationMinutes: 30, now: setup.now };
  const unsubscribe = await subscribeAll(
    clients,
    () => ["bookings:listFreeStarts", query],
    (i, value) => {
      const times = (value as { times: string[] } | null)?.times ?? [];
      if (seen[i] || !want(times)) return;
      seen[i] = true;
      if (left === n) firstAt = now();
      if (--left !== 0) return;
      lastAt = now();
      done();
    },
  );

  const phase = async (what: string, check: (times: string[]) => boolean, udfPath: string, args: Record<string, unknown>) => {
    want = check;
    seen = new Array<boolean>(n).fill(false);
    left = n;
    const all = new Promise<void>((r) => (done = r));
    const t0 = now();
    const { at, value } = await within(writer.call(udfPath, args), STEP_MS, `${what}: acknowledgement`);
    await within(all, STEP_MS, `${what}: updates`);
    return { value, fromAck: ms(at, lastAt), firstFromAck: ms(at, firstAt), fromSend: ms(t0, lastAt), ackFromSend: ms(t0, at) };
  };

  // The limits on holds let one client start 2 a day on one psychic's date: a client per two rounds. The
  // checkouts per origin count this machine as loopback, which is not limited, when the pass says so.
  const { value: holders } = await writer.call("demoScenes:newClients", { count: Math.ceil((warmup + rounds) / 2) });
  const clientIds = holders as string[];
  const { pass: originPass } = (await (await fetch(`${siteUrl}/origin-pass`, { method: "POST" })).json()) as { pass: string };
  const samples = { hold: [] as Sample[], release: [] as Sample[] };
  for (let i = 0; i < warmup + rounds; i++) {
    const time = setup.times[i % setup.times.length];
    const hold = await phase(`hold ${i} at ${time}`, (times) => !times.includes(time), "payments:createHold", {
      clientId: clientIds[i % clientIds.length],
      originPass,
      psychicProfileId: setup.psychicProfileId,
      durationMinutes: 30,
      date: setup.date,
      time,
      consent: true,
    });
    const { bookingId } = hold.value as { bookingId: string };
    const release = await phase(`release ${i} at ${time}`, (times) => times.includes(time), "payments:releaseHoldAfterFailure", { bookingId });
    if (i >= warmup) {
      samples.hold.push(hold);
      samples.release.push(release);
    }
    await sleep(2);
  }
  unsubscribe();
  writer.close();
  const sum = (xs: Sample[]) => ({
    fromAck: summarize(xs.map((x) => x.fromAck)),
    firstFromAck: summarize(xs.map((x) => x.firstFromAck)),
    fromSend: summarize(xs.map((x) => x.fromSend)),
    ackFromSend: summarize(xs.map((x) => x.ackFromSend)),
  });
  // Each round leaves a lapsed hold that the query still reads (it skips them only after reading them).
  const edges = {
    rounds: EDGE_ROUNDS,
    firstLapsedHolds: [warmup, warmup + EDGE_ROUNDS - 1],
    lastLapsedHolds: [warmup + rounds - EDGE_ROUNDS, warmup + rounds - 1],
    first: summarize(samples.hold.slice(0, EDGE_ROUNDS).map((x) => x.fromAck)),
    last: summarize(samples.hold.slice(-EDGE_ROUNDS).map((x) => x.fromAck)),
  };
  return { psychic: setup.psychicName, date: setup.date, times: setup.times.length, rounds, warmup, hold: sum(samples.hold), release: sum(samples.release), holdByLapsedHolds: edges };
}

interface SlotReadsRun {
  bookings: number;
  psychicDayBookings: number;
  documentsRead: number;
  bytesRead: number;
  indexRanges: number;
}

/** Runs tests/convex/bookings.slotsReads.test.ts under Vitest and returns the figures it logs, and whether it passed. */
export function slotReads(timeoutMs = 180_000): Promise<{ passed: boolean; runs: SlotReadsRun[] }> {
  const args = ["node_modules/vitest/vitest.mjs", "run", "--project", "convex", "tests/convex/bookings.slotsReads.test.ts"];
  const proc = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`bookings.slotsReads.test.ts did not finish within ${timeoutMs} ms\n${out.slice(-4000)}`));
    }, timeoutMs);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      const line = /SLOTS_READS (\{.*\})/.exec(out);
      if (!line) return reject(new Error(`bookings.slotsReads.test.ts printed no figures (exit ${code})\n${out.slice(-4000)}`));
      resolve({ passed: code === 0, runs: (JSON.parse(line[1]) as { runs: SlotReadsRun[] }).runs });
    });
  });
}
