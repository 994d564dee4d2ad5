import { formatItalianDate } from "@/lib/text/format";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { convexMock } from "./convexMock";
import { openBookingPage as open, writtenQuery } from "./bookingRoute";

// Friday 20 November 2026, 10:00 in Rome. Only Date is faked: user-event needs real timers.
const NOW = Date.UTC(2026, 10, 20, 9, 0);

const profile = {
  id: "p1",
  psychicName: "Selene Moretti",
  photoUrl: null,
  bio: "Tarocchi di Marsiglia.",
  specialties: ["Tarocchi", "Astrologia"],
  specializations: [],
  rating: null,
  reviewCount: 0,
  isAvailable: true,
  minPriceCents: 5000,
  minDurationMinutes: 30,
  yearsExperience: 12,
  availableDurations: [30, 60],
  consultationTypes: ["voice"],
  prices: [
    { type: "voice", minutes: 30, priceCents: 5000 },
    { type: "voice", minutes: 60, priceCents: 9000 },
  ],
  availability: {},
};
const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const psychic = { ...client, id: "u2", accountType: "psychic" };
const admin = { ...client, id: "u3", accountType: null, isAdmin: true };

let freeTimes = { times: ["10:00", "10:30", "15:00"] };
const bookableArgs: Array<Record<string, unknown>> = [];

function answerQueries() {
  convexMock.queries.set("psychics:getPublicProfile", profile);
  convexMock.queries.set("settings:getPublic", {
    booking_enabled: true,
    maintenance_mode: false,
    psychic_registration_enabled: true,
    psychic_approval_required: false,
  });
  convexMock.queries.set("bookings:listBookableDates", (args: Record<string, unknown>) => {
    bookableArgs.push(args);
    return BOOKABLE[String(args.from).slice(0, 7)] ?? NONE;
  });
  convexMock.queries.set("bookings:listFreeStarts", () => freeTimes);
  // The client holds nothing with this psychic (tests/ui/pendingPayments.test.tsx covers a hold).
  convexMock.queries.set("holds:listMine", NO_HOLDS);
}
const NO_HOLDS: unknown[] = [];
// Per month, the same arrays each time (a live query answers the same object until it changes).
const BOOKABLE: Record<string, string[]> = {
  "2026-11": ["2026-11-23", "2026-11-25", "2026-11-30"],
  "2026-12": ["2026-12-02", "2026-12-04"],
};
const NONE: string[] = [];

const payButton = () => screen.getByRole("button", { name: "Paga e prenota" });
const consentBox = () => screen.getByRole("checkbox", { name: /Chiedo che il consulto si svolga nella data e all'ora scelte/ });
const day = (name: string) => screen.getByRole("button", { name });
/** The summary's value for `label` ("Data" → "mercoledì 25 novembre 2026"). */
const summaryValue = (label: string) => {
  const summary = within(screen.getByRole("region", { name: "Riepilogo" }));
  const terms = summary.getAllByRole("term").map((term) => term.textContent);
  return summary.getAllByRole("definition")[terms.indexOf(label)]?.textContent ?? "";
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  freeTimes = { times: ["10:00", "10:30", "15:00"] };
  bookableArgs.length = 0;
  answerQueries();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the booking page", () => {
  it("shows the psychic with the first specialty and 'Nuovo', and the offered durations with their prices", () => {
    convexMock.signedInAs(client);
    open();
    const card = within(screen.getByRole("region", { name: "Cartomante" }));
    expect(card.getByText("Selene Moretti")).toBeInTheDocument();
    expect(card.getByText("Tarocchi")).toBeInTheDocument();
    expect(card.queryByText("Astrologia")).not.toBeInTheDocument();
    expect(card.getByText("Nuovo")).toBeInTheDocument();
    const durations = within(screen.getByRole("group", { name: "Durata" })).getAllByRole("button");
    expect(durations.map((button) => button.textContent?.replace(/\s/g, " "))).toEqual(["30 min · 50,00 €", "60 min · 90,00 €"]);
    // 30 minutes is the default when offered.
    expect(durations[0]).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Consulto vocale", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Torna al profilo/ })).toHaveAttribute("href", "/psychics/p1");
  });

  it("shows a rating with one decimal and the number of reviews", () => {
    convexMock.queries.set("psychics:getPublicProfile", { ...profile, rating: 4.25, reviewCount: 8 });
    open();
    expect(screen.getByRole("img", { name: "Valutazione 4,3 su 5, 8 recensioni" })).toBeInTheDocument();
  });

  it("asks for the visible month's bookable dates from today, and disables past days and days without free time", () => {
    convexMock.signedInAs(client);
    open();
    expect(screen.getByRole("grid", { name: "novembre 2026" })).toBeInTheDocument();
    expect(bookableArgs.at(-1)).toMatchObject({ psychicProfileId: "p1", from: "2026-11-20", days: 11, durationMinutes: 30 });
    // The query's `now` is rounded down to the minute.
    expect((bookableArgs.at(-1)!.now as number) % 60_000).toBe(0);
    expect(day("giovedì 19 novembre 2026")).toBeDisabled();
    expect(day("venerdì 20 novembre 2026")).toBeDisabled();
    expect(day("venerdì 20 novembre 2026")).toHaveAttribute("aria-current", "date");
    expect(day("martedì 24 novembre 2026")).toBeDisabled();
    expect(day("lunedì 23 novembre 2026")).toBeEnabled();
    expect(day("mercoledì 25 novembre 2026")).toBeEnabled();
    // Monday first: the month starts on Sunday 1 November, in the last column of the first week.
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["lun", "mar", "mer", "gio", "ven", "sab", "dom"]);
    const firstWeek = within(screen.getAllByRole("row")[1]!).getAllByRole("gridcell");
    expect(firstWeek[6]).toContainElement(day("domenica 1 novembre 2026"));
    expect(screen.getByRole("button", { name: "Mese precedente" })).toBeDisabled();
  });

  it("asks a later month from its first day", async () => {
    const user = open();
    await user.click(screen.getByRole("button", { name: "Mese successivo" }));
    expect(screen.getByRole("grid", { name: "dicembre 2026" })).toBeInTheDocument();
    expect(bookableArgs.at(-1)).toMatchObject({ from: "2026-12-01", days: 31 });
  });

  it("lists the chosen day's free times and writes the choice into the query string", async () => {
    convexMock.signedInAs(client);
    const user = open();
    expect(payButton()).toBeDisabled();
    await user.click(day("lunedì 23 novembre 2026"));
    expect(writtenQuery().get("date")).toBe("2026-11-23");
    const times = within(screen.getByRole("group", { name: "Orari liberi di lunedì 23 novembre 2026" }));
    expect(times.getAllByRole("button").map((button) => button.textContent)).toEqual(["10:00", "10:30", "15:00"]);
    expect(payButton()).toBeDisabled();
    await user.click(times.getByRole("button", { name: "10:30" }));
    expect(writtenQuery().get("time")).toBe("10:30");
    expect(times.getByRole("button", { name: "10:30" })).toHaveAttribute("aria-pressed", "true");
    // Not before the consent at checkout is ticked, and the button says why.
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription(/Per pagare spunta la casella qui sopra/);
    await user.click(consentBox());
    expect(payButton()).toBeEnabled();
    await user.click(screen.getByRole("button", { name: /^60 min/ }));
    // Another length keeps the day and the time, still free for it (tests/ui/bookingPromises.test.tsx has
    // one that is not); the consent is asked again for the new price.
    expect(writtenQuery().get("duration")).toBe("60");
    expect(writtenQuery().get("date")).toBe("2026-11-23");
    expect(writtenQuery().get("time")).toBe("10:30");
    expect(payButton()).toBeDisabled();
  });

  it("summarises the choice with the total, IVA inclusa, this booking's own refund terms and what a consultation is not", async () => {
    convexMock.signedInAs(client);
    const user = open("?date=2026-11-25&time=15:00&duration=60");
    expect(
      screen.getByText(
        "I consulti di cartomanzia sono un servizio di intrattenimento e non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "condizioni di cancellazione e rimborso" })).toHaveAttribute("href", "/terms");
    await user.click(consentBox());
    expect(summaryValue("Cartomante")).toBe("Selene Moretti");
    expect(summaryValue("Servizio")).toBe("Consulto vocale");
    expect(summaryValue("Durata")).toBe("60 minuti");
    expect(summaryValue("Data")).toBe("mercoledì 25 novembre 2026");
    expect(summaryValue("Ora")).toBe("15:00");
    expect(summaryValue("Totale").replace(/\s/g, " ")).toBe("90,00 €IVA inclusa");
    const terms = screen.getByRole("list", { name: "Se annulli questo consulto" });
    expect(within(terms).getAllByRole("listitem").map((item) => item.textContent?.replace(/\s/g, " "))).toEqual([
      "Rimborso completo (90,00 €) se annulli entro mar 24 nov, 15:00.",
      "Rimborso del 50% (45,00 €) se annulli entro mer 25 nov, 13:00.",
      "Dopo, o in caso di assenza, nessun rimborso.",
    ]);
    // Not the general rule, once a time is chosen.
    expect(screen.queryByText(/Puoi annullare fino a 24 ore prima/)).toBeNull();
    expect(day("mercoledì 25 novembre 2026")).toHaveAttribute("aria-pressed", "true");
    expect(payButton()).toBeEnabled();
  });

  it("ignores a past date, a malformed time and a duration the psychic does not offer", () => {
    convexMock.signedInAs(client);
    open("?date=2026-11-19&time=10:00&duration=45");
    // The past date is not taken: the page opens on the first free day instead, with no time chosen.
    expect(summaryValue("Data")).not.toMatch(/19 novembre/);
    expect(summaryValue("Ora")).toBe("Da scegliere");
    expect(summaryValue("Durata")).toBe("30 minuti");
    expect(payButton()).toBeDisabled();
  });

  it("opens on the first free day when none is chosen, a later month's if this one has none left", () => {
    convexMock.signedInAs(client);
    open("");
    const first = [...(BOOKABLE["2026-11"] ?? []), ...(BOOKABLE["2026-12"] ?? [])].sort()[0]!;
    expect(screen.getByRole("button", { name: formatItalianDate(first) })).toHaveAttribute("aria-pressed", "true");
    expect(summaryValue("Ora")).toBe("Da scegliere");
  });

  it("says when the day has no free time", () => {
    convexMock.signedInAs(client);
    freeTimes = { times: [] };
    open("?date=2026-11-25");
    expect(screen.getByText("Nessun orario disponibile in questa data")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  it("clears a chosen time that someone else takes, with a note", async () => {
    convexMock.signedInAs(client);
    open("?date=2026-11-25&time=10:30");
    expect(screen.getByRole("button", { name: "10:30" })).toHaveAttribute("aria-pressed", "true");
    freeTimes = { times: ["10:00", "15:00"] };
    act(() => convexMock.changed());
    expect(await screen.findByText("L'orario delle 10:30 non è più disponibile: scegline un altro.")).toBeInTheDocument();
    expect(writtenQuery().get("time")).toBeNull();
    expect(writtenQuery().get("date")).toBe("2026-11-25");
    expect(payButton()).toBeDisabled();
  });

  it("moves between selectable days with the keyboard and picks one with Enter", async () => {
    convexMock.signedInAs(client);
    const user = open();
    // Only one day is in the tab order: the first selectable one.
    expect(day("lunedì 23 novembre 2026")).toHaveAttribute("tabindex", "0");
    expect(day("mercoledì 25 novembre 2026")).toHaveAttribute("tabindex", "-1");
    day("lunedì 23 novembre 2026").focus();
    await user.keyboard("{ArrowRight}");
    // Tuesday 24 has no free time: focus skips it.
    expect(day("mercoledì 25 novembre 2026")).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowDown}");
    expect(day("lunedì 30 novembre 2026")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(day("lunedì 23 novembre 2026")).toHaveFocus();
    await user.keyboard("{End}{Enter}");
    expect(writtenQuery().get("date")).toBe("2026-11-30");
    // Past the month's last selectable day: the next month, on its first selectable day.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("grid", { name: "dicembre 2026" })).toBeInTheDocument();
    expect(day("mercoledì 2 dicembre 2026")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(day("lunedì 30 novembre 2026")).toHaveFocus();
    await user.keyboard("{PageDown}{ArrowRight}");
    expect(day("venerdì 4 dicembre 2026")).toHaveFocus();
  });

  it("counts the notes' characters and sends them with the payment, then goes to the checkout", async () => {
    convexMock.signedInAs(client);
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    convexMock.handlers.set("payments:startCheckout", async () => ({ url: "https://checkout.example/s/1", bookingId: "b1" }));
    const user = open("?date=2026-11-25&time=10:00&duration=60");
    const notes = screen.getByLabelText("Note per il cartomante (facoltative)");
    expect(notes).toHaveAttribute("maxlength", "1000");
    expect(screen.getByText("0/1000 caratteri")).toBeInTheDocument();
    await user.type(notes, "Amore e lavoro");
    expect(screen.getByText("14/1000 caratteri")).toBeInTheDocument();
    await user.click(consentBox());
    await user.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/s/1"));
    expect(convexMock.calls).toContainEqual({
      name: "payments:startCheckout",
      args: {
        psychicProfileId: "p1",
        consultationType: "voice",
        durationMinutes: 60,
        date: "2026-11-25",
        time: "10:00",
        notes: "Amore e lavoro",
        consent: true,
      },
    });
    expect(screen.getByText("Reindirizzamento al pagamento…")).toBeInTheDocument();
  });

  it.each([
    ["SLOT_TAKEN", "Questo orario è appena stato prenotato. Scegline un altro."],
    ["PAYMENT_FAILED", "Impossibile creare il pagamento. Riprova."],
    ["TOO_MANY_HOLDS", "Hai già 3 prenotazioni in attesa di pagamento. Completale o attendi che scadano."],
  ])("shows the Italian message when starting the payment fails with %s", async (code, message) => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("payments:startCheckout", async () => {
      throw new ConvexError({ code });
    });
    const user = open("?date=2026-11-25&time=10:00");
    await user.click(consentBox());
    await user.click(payButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(payButton()).toBeEnabled();
  });

  it("says so when a network failure stops the payment", async () => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("payments:startCheckout", async () => {
      throw new Error("fetch failed");
    });
    const user = open("?date=2026-11-25&time=10:00");
    await user.click(consentBox());
    await user.click(payButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Errore nella creazione del pagamento");
  });

  it("says so when the payment function answers without a checkout address", async () => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("payments:startCheckout", async () => ({ url: "", bookingId: "b1" }));
    const user = open("?date=2026-11-25&time=10:00");
    await user.click(consentBox());
    await user.click(payButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("URL di pagamento non ricevuto");
  });

  it("says so when the payment function gives no answer", async () => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("payments:startCheckout", async () => null);
    const user = open("?date=2026-11-25&time=10:00");
    await user.click(consentBox());
    await user.click(payButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Nessuna risposta dalla funzione di pagamento");
  });

  it("shows visitors the free times and sign-in links that carry the way back and the choice", async () => {
    const user = open("?date=2026-11-25&duration=60");
    await user.click(screen.getByRole("button", { name: "15:00" }));
    for (const [name, path] of [
      ["Accedi", "/login"],
      ["Registrati", "/register"],
    ] as const) {
      const href = screen.getByRole("link", { name }).getAttribute("href") ?? "";
      const url = new URL(href, "http://arcano.local");
      expect(url.pathname).toBe(path);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        redirect: "/psychics/p1/book",
        date: "2026-11-25",
        time: "15:00",
        duration: "60",
      });
    }
    // Paying needs an account: the page asks to sign in instead of offering a payment that would refuse them.
    expect(screen.queryByRole("button", { name: "Paga e prenota" })).not.toBeInTheDocument();
    const signIn = new URL(screen.getByRole("link", { name: "Accedi per prenotare" }).getAttribute("href") ?? "", "http://arcano.local");
    expect(signIn.pathname).toBe("/login");
    expect(signIn.searchParams.get("time")).toBe("15:00");
    expect(convexMock.calls).toEqual([]);
  });

  it("keeps a visitor's notes in the tab through signing in", async () => {
    window.sessionStorage.clear();
    const user = open("?date=2026-11-25");
    await user.type(screen.getByLabelText("Note per il cartomante (facoltative)"), "Vorrei parlare del lavoro");
    cleanup();
    open("?date=2026-11-25");
    expect(screen.getByLabelText("Note per il cartomante (facoltative)")).toHaveValue("Vorrei parlare del lavoro");
    window.sessionStorage.clear();
  });

  it.each([
    ["a psychic", psychic, "Gli account cartomante non possono prenotare consulti.", "/psychic-dashboard"],
    ["an admin", admin, "Gli account amministratore non possono prenotare consulti.", "/admin-dashboard"],
  ])("shows %s the restricted-access card instead of the form", (_who, viewer, text, dashboard) => {
    convexMock.signedInAs(viewer);
    open();
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /dashboard/ })).toHaveAttribute("href", dashboard);
    expect(screen.getByRole("link", { name: "Contattaci" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("button", { name: "Paga e prenota" })).not.toBeInTheDocument();
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("disables paying while bookings are suspended or the platform is in maintenance", () => {
    convexMock.signedInAs(client);
    convexMock.queries.set("settings:getPublic", {
      booking_enabled: true,
      maintenance_mode: true,
      psychic_registration_enabled: true,
      psychic_approval_required: false,
    });
    open("?date=2026-11-25&time=10:00");
    expect(screen.getByText("La piattaforma è in manutenzione. Riprova tra poco.")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  it("shows the not-found page for a missing psychic", () => {
    convexMock.queries.set("psychics:getPublicProfile", null);
    open();
    expect(screen.getByRole("heading", { name: "Cartomante non trovato" })).toBeInTheDocument();
    expect(screen.getByText("Il profilo richiesto non è disponibile.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna alla lista" })).toHaveAttribute("href", "/psychics");
  });

  it("shows the spec's load error when the psychic cannot be loaded", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("psychics:getPublicProfile", new Error("Network down"));
    open();
    expect(screen.getByRole("heading", { name: "Impossibile caricare i dati del cartomante." })).toBeInTheDocument();
    expect(screen.getByText("Errore nel caricamento dei dati.")).toBeInTheDocument();
  });
});

describe("the booking page's consultation type", () => {
  const withChat = {
    ...profile,
    consultationTypes: ["voice", "chat"],
    prices: [...profile.prices, { type: "chat", minutes: 30, priceCents: 3500 }, { type: "chat", minutes: 60, priceCents: 6500 }],
  };
  const chatOnly = { ...withChat, consultationTypes: ["chat"], prices: withChat.prices.filter((price) => price.type === "chat") };
  const lengths = () => within(screen.getByRole("group", { name: "Durata" })).getAllByRole("button").map((button) => button.textContent?.replace(/\s/g, " "));
  const typeChoice = () => screen.getByRole("radiogroup", { name: "Tipo di consulto" });

  it("with both offered, is chosen before the length (voice unless the address says chat); the prices, the summary and the address follow it", async () => {
    convexMock.signedInAs(client);
    convexMock.queries.set("psychics:getPublicProfile", withChat);
    const user = open("?date=2026-11-25&time=10:00");
    const radios = within(typeChoice()).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["true", "false"]);
    expect(within(typeChoice()).getByRole("radio", { name: "Voce" })).toHaveAccessibleDescription(/Una chiamata audio privata/);
    expect(typeChoice().compareDocumentPosition(screen.getByRole("group", { name: "Durata" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(lengths()).toEqual(["30 min · 50,00 €", "60 min · 90,00 €"]);

    await user.click(within(typeChoice()).getByRole("radio", { name: "Chat" }));
    expect(writtenQuery().get("type")).toBe("chat");
    // The day and time stay; only the prices change.
    expect(writtenQuery().get("date")).toBe("2026-11-25");
    expect(writtenQuery().get("time")).toBe("10:00");
    expect(lengths()).toEqual(["30 min · 35,00 €", "60 min · 65,00 €"]);
    expect(summaryValue("Servizio")).toBe("Consulto in chat");
    expect(summaryValue("Totale").replace(/\s/g, " ")).toBe("35,00 €IVA inclusa");

    // By keyboard, as a radio group: the arrow goes back to voice (the browser checks it as it moves; here Space
    // does), which leaves the address: voice is the default.
    within(typeChoice()).getByRole("radio", { name: "Chat" }).focus();
    await user.keyboard("{ArrowLeft}");
    expect(within(typeChoice()).getByRole("radio", { name: "Voce" })).toHaveFocus();
    await user.keyboard(" ");
    expect(within(typeChoice()).getByRole("radio", { name: "Voce" })).toHaveAttribute("aria-checked", "true");
    expect(writtenQuery().has("type")).toBe(false);
    expect(summaryValue("Servizio")).toBe("Consulto vocale");
  });

  it("opens on the address's chat and sends the type with the checkout; a visitor's sign-in keeps it", async () => {
    convexMock.queries.set("psychics:getPublicProfile", withChat);
    open("?type=chat&date=2026-11-25&time=10:00&duration=60");
    expect(within(typeChoice()).getByRole("radio", { name: "Chat" })).toHaveAttribute("aria-checked", "true");
    const signIn = new URL(screen.getByRole("link", { name: "Accedi" }).getAttribute("href") ?? "", "http://arcano.local");
    expect(signIn.searchParams.get("type")).toBe("chat");
    cleanup();

    convexMock.signedInAs(client);
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    convexMock.handlers.set("payments:startCheckout", async () => ({ url: "https://checkout.example/s/2", bookingId: "b2" }));
    const user = open("?type=chat&date=2026-11-25&time=10:00&duration=60");
    expect(summaryValue("Totale").replace(/\s/g, " ")).toBe("65,00 €IVA inclusa");
    await user.click(consentBox());
    await user.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/s/2"));
    expect(convexMock.calls).toContainEqual({
      name: "payments:startCheckout",
      args: { psychicProfileId: "p1", consultationType: "chat", durationMinutes: 60, date: "2026-11-25", time: "10:00", consent: true },
    });
  });

  it("a psychic offering one type shows it as a fact, no choice: chat alone at chat prices, whatever the address says", async () => {
    convexMock.signedInAs(client);
    convexMock.queries.set("psychics:getPublicProfile", chatOnly);
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    convexMock.handlers.set("payments:startCheckout", async () => ({ url: "https://checkout.example/s/3", bookingId: "b3" }));
    const user = open("?type=voice&date=2026-11-25&time=10:00");
    expect(screen.queryByRole("radiogroup", { name: "Tipo di consulto" })).toBeNull();
    expect(screen.getByText("Consulto in chat", { selector: "span" })).toBeInTheDocument();
    expect(lengths()).toEqual(["30 min · 35,00 €", "60 min · 65,00 €"]);
    expect(summaryValue("Servizio")).toBe("Consulto in chat");
    await user.click(consentBox());
    await user.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(convexMock.calls).toContainEqual({
      name: "payments:startCheckout",
      args: expect.objectContaining({ consultationType: "chat", durationMinutes: 30 }),
    });
  });

  it("a psychic offering voice only keeps the page as it was: no choice, 'Consulto vocale'", () => {
    convexMock.signedInAs(client);
    open("?type=chat");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.getByText("Consulto vocale", { selector: "span" })).toBeInTheDocument();
    expect(summaryValue("Servizio")).toBe("Consulto vocale");
    expect(lengths()).toEqual(["30 min · 50,00 €", "60 min · 90,00 €"]);
  });
});
