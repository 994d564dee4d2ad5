import type { Viewer } from "./account/session";

/** The public list's address parameters: `q` the words, `topic` a specialization, `specialty` a technique. */
type PsychicsFound = { q?: string; topic?: string; specialty?: string };

/** Every route of the product, defined once; links use these. */
export const paths = {
  home: "/",
  about: "/about",
  contact: "/contact",
  psychics: "/psychics",
  /** The list searched and/or filtered by one topic or technique, as the list keeps it in its address. */
  psychicsFound: (found: PsychicsFound) => {
    const query = new URLSearchParams(Object.entries(found).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const search = query.toString();
    return search ? `/psychics?${search}` : "/psychics";
  },
  psychic: (id: string) => `/psychics/${id}`,
  psychicBook: (id: string) => `/psychics/${id}/book`,
  paymentSuccess: "/payment-success",
  paymentCanceled: "/payment-canceled",
  login: "/login",
  register: "/register",
  registerAs: (type: "client" | "psychic") => `/register?type=${type}`,
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  settings: "/settings",
  psychicDashboard: "/psychic-dashboard",
  psychicProfile: "/psychic/profile",
  psychicSettings: "/psychic/settings",
  /** The settings page at its 'Ricevi i pagamenti' card. */
  psychicPayoutSettings: "/psychic/settings#pagamenti",
  psychicEarnings: "/psychic/earnings",
  adminLogin: "/admin-login",
  adminDashboard: "/admin-dashboard",
  adminMessages: "/admin/messages",
  howItWorks: "/how-it-works",
  /** How reviews are verified and what orders the list (the EU Omnibus rules ask for both). */
  reviewsAndRanking: "/come-funzionano-recensioni",
  terms: "/terms",
  privacy: "/privacy",
  faq: "/faq",
  clientFaq: "/client-faq",
  psychicFaq: "/psychic-faq",
  call: (bookingId: string) => `/call/${bookingId}`,
} as const;

/** Each role's own home: where sign-in lands and where a guard sends someone who opened another role's page. */
export function homePathFor(viewer: Pick<Viewer, "isAdmin" | "accountType">): string {
  if (viewer.isAdmin) return paths.adminDashboard;
  if (viewer.accountType === "psychic") return paths.psychicDashboard;
  return paths.dashboard;
}

/** The login page with a way back to `path` once signed in. */
export function loginPathWithRedirect(path: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(path)}`;
}
