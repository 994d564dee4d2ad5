// Test data through the backend's own API, as a client's code would call it (the real auth,
// checkout and Stripe stand-in paths), so a journey starts where it proves something instead of
// clicking through sign-up and payment first. The browser journeys that prove those steps themselves
// (accounts.spec.ts, booking.spec.ts) still click through them.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../convex/_generated/api";
import { CONDUCT_VERSION } from "../../convex/model/conduct";
import { codeSentTo, e2ePorts, stripeTestRouteHeaders, uniqueEmail } from "./env";

export const backendUrl = `http://127.0.0.1:${e2ePorts.backend}`;
const appOrigin = `http://127.0.0.1:${e2ePorts.app}`;
const stripeUrl = `http://127.0.0.1:${e2ePorts.stripe}`;

type Session = { token: string; refreshToken: string };
type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * A pass from the backend's /origin-pass, as the app asks for one before a sign-up, a contact message or a
 * checkout: from this machine it names loopback, which the limits per network origin leave alone.
 */
export async function originPass(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.site}/origin-pass`, { method: "POST", headers: { origin: appOrigin } });
  return ((await response.json()) as { pass: string }).pass;
}

/** Signs in (or up, with `params.flow`) through the auth library's action, as the app's forms do. */
async function passwordSignIn(params: Record<string, unknown>): Promise<Session> {
  const result = await new ConvexHttpClient(backendUrl).action(api.auth.signIn, { provider: "password", params });
  if (!result.tokens) throw new Error(`sign-in through the API gave no session for ${String(params.email)}`);
  return result.tokens;
}

export function signInThroughApi(email: string, password: string, { admin = false } = {}): Promise<Session> {
  return passwordSignIn({ flow: "signIn", email, password, ...(admin ? { adminLogin: true } : {}) });
}

export type NewAccount = { email: string; name: string; password: string; session: Session };

/**
 * A brand-new account (a fresh address each time), signed up through the same actions as /register: the
 * details, then the code from the local mailbox.
 */
export async function signUpThroughApi(name: string, accountType: "client" | "psychic" = "client"): Promise<NewAccount> {
  const email = uniqueEmail(name.split(" ")[0].toLowerCase());
  const password = "segreta-1";
  const client = new ConvexHttpClient(backendUrl);
  const params = { flow: "signUp", name, email, password, accountType, consent: true, originPass: await originPass() };
  await client.action(api.auth.signIn, { provider: "password", params });
  const code = await codeSentTo(email, "attivare l'account");
  const session = await passwordSignIn({ flow: "signUpVerification", email, code });
  return { email, name, password, session };
}

/**
 * A browser's saved state holding `session` as the app's auth provider keeps it: in localStorage,
 * under keys namespaced by the backend's address (@convex-dev/auth's JWT and refresh-token keys).
 */
export function sessionState({ token, refreshToken }: Session): StorageState {
  const namespace = backendUrl.replace(/[^a-zA-Z0-9]/g, "");
  return {
    cookies: [],
    origins: [
      {
        origin: appOrigin,
        localStorage: [
          { name: `__convexAuthJWT_${namespace}`, value: token },
          { name: `__convexAuthRefreshToken_${namespace}`, value: refreshToken },
        ],
      },
    ],
  };
}

/**
 * A second person in the same test: their own browser context (signed in with `state`, or a visitor),
 * whose console errors land in `errors` so the test can fail on them too.
 */
export async function personPage(
  browser: Browser,
  state?: StorageState | string,
  errors?: string[],
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ locale: "it-IT", timezoneId: "Europe/Rome", ...options, storageState: state });
  const page = await context.newPage();
  if (errors) {
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
  }
  return page;
}

type ListedCard = FunctionReturnType<typeof api.catalogue.listPage>["page"][number];

/** The catalogue's largest page (convex/catalogue.ts MAX_PAGE_SIZE). */
const CATALOGUE_PAGE = 48;

/** Every listed psychic's public card, in the list's order, paged through the catalogue as the list page reads it. */
export async function listedPsychics(backend = new ConvexHttpClient(backendUrl)) {
  const now = Date.now();
  const cards: ListedCard[] = [];
  for (let cursor: string | null = null; ; ) {
    const page: { page: ListedCard[]; isDone: boolean; continueCursor: string } = await backend.query(api.catalogue.listPage, {
      paginationOpts: { numItems: CATALOGUE_PAGE, cursor },
      now,
    });
    cards.push(...page.page);
    if (page.isDone) return cards;
    cursor = page.continueCursor;
  }
}

/** The public card of a listed demo psychic, by name (the catalogue searched for it, as the header's search does). */
export async function listedPsychic(name: string) {
  const { page } = await new ConvexHttpClient(backendUrl).query(api.catalogue.listPage, {
    paginationOpts: { numItems: CATALOGUE_PAGE, cursor: null },
    search: name,
    now: Date.now(),
  });
  const psychic = page.find((card) => card.psychicName === name);
  if (!psychic) throw new Error(`${name} is not in the public list`);
  return psychic;
}

/** A Convex client of the backend signed in as `session` (the HTTP client the server's own tests use). */
export function backendAs(session: Session): ConvexHttpClient {
  const client = new ConvexHttpClient(backendUrl);
  client.setAuth(session.token);
  return client;
}

/** What the profile editor does before a psychic's first Publish: accept the current code of conduct. */
export async function acceptConductThroughApi(session: Session): Promise<void> {
  await backendAs(session).mutation(api.conduct.acceptMine, { version: CONDUCT_VERSION });
}

type BookingRequest = { psychic: string; date: string; time: string; durationMinutes?: 15 | 30 | 45 | 60 };

/** Holds a time as `session`'s client and opens its Checkout Session at the Stripe stand-in, as 'Paga e prenota' does. */
export async function startCheckoutThroughApi(session: Session, booking: BookingRequest) {
  const psychic = await listedPsychic(booking.psychic);
  const { url, bookingId } = await backendAs(session).action(api.payments.startCheckout, {
    psychicProfileId: psychic.id,
    durationMinutes: booking.durationMinutes ?? 30,
    date: booking.date,
    time: booking.time,
    originPass: await originPass(),
    // The tick on the booking page: date asked for, cancellation terms read (model/checkoutConsent.ts).
    consent: true,
  });
  return { url, bookingId, checkoutSessionId: new URL(url).pathname.split("/").pop()! };
}

/**
 * Books and pays a consultation as `session`'s client, all through the real path: the checkout action
 * holds the time, the Stripe stand-in takes the test card and sends its signed webhook, and the
 * booking turns confirmed.
 */
export async function bookAndPayThroughApi(session: Session, booking: BookingRequest) {
  const checkout = await startCheckoutThroughApi(session, booking);
  const paid = await fetch(`${stripeUrl}/__local/sessions/${checkout.checkoutSessionId}/pay`, {
    method: "POST",
    headers: stripeTestRouteHeaders(),
    body: JSON.stringify({ cardNumber: "4242424242424242" }),
  });
  if (!paid.ok) throw new Error(`the Stripe stand-in refused the test payment: ${paid.status} ${await paid.text()}`);
  // The webhook confirms it; the stand-in retries a failed delivery after 1 s, 2 s, 4 s…, hence the bound.
  const client = backendAs(session);
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((wait) => setTimeout(wait, 200))) {
    const { status } = await client.query(api.bookings.getMine, { bookingId: checkout.bookingId });
    if (status === "confirmed") return checkout;
  }
  throw new Error(`booking ${checkout.bookingId} was paid but not confirmed within 30 s`);
}

/** A Monday `weeksAhead` weeks from now, as a Rome date: the demo psychic Selene works Monday 09:00–11:30 and 14:00–17:30. */
export function mondayAhead(weeksAhead: number): string {
  const date = new Date(Date.now() + weeksAhead * 7 * 24 * 3600_000);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
