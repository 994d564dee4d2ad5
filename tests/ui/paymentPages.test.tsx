import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatDeadline } from "@convex/model/refundTerms";
import { PaymentCanceledPage } from "@/features/payments/PaymentCanceledPage";
import { PaymentSuccessPage } from "@/features/payments/PaymentSuccessPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";
import { clientRow } from "./serverViews";

const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const booking = clientRow(
  {
    id: "b1",
    psychicProfileId: "p7",
    psychicName: "Selene Moretti",
    consultationType: "voice",
    scheduledDate: "2026-11-25",
    scheduledTime: "15:30",
    startsAt: Date.UTC(2026, 10, 25, 14, 30),
    endsAt: Date.UTC(2026, 10, 25, 15, 30),
    durationMinutes: 60,
    priceCents: 9000,
    status: "pending_payment",
    holdExpiresAt: Date.UTC(2026, 10, 20, 10),
    checkoutUrl: "https://checkout.example/s/1",
    refundStatus: null,
    refundCents: null,
    notes: null,
  } as Parameters<typeof clientRow>[0],
  null,
);

/** An answer the test resolves when it wants, to see the page before and after. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(() => {
  convexMock.signedInAs(client);
});

describe("the payment success page", () => {
  it("asks the server once to confirm the session, and shows the booking flipping live to 'Confermato'", async () => {
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => ({ status: "paid" }));
    convexMock.queries.set("bookings:getMineByCheckoutSession", booking);
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_1" });

    expect(screen.getByRole("status")).toHaveTextContent("Pagamento in corso");
    expect(screen.getByText("Selene Moretti")).toBeInTheDocument();
    expect(screen.getByText("mercoledì 25 novembre 2026")).toBeInTheDocument();
    expect(screen.getByText("15:30")).toBeInTheDocument();
    expect(screen.getByText("60 minuti")).toBeInTheDocument();
    expect(screen.getByText("Voce")).toBeInTheDocument();
    expect(screen.getByText(/90,00\s€ \(IVA inclusa\)/)).toBeInTheDocument();

    act(() => {
      convexMock.queries.set(
        "bookings:getMineByCheckoutSession",
        clientRow({ ...booking, status: "confirmed", holdExpiresAt: null, checkoutUrl: null }, null),
      );
      convexMock.changed();
    });
    expect(screen.getByRole("status")).toHaveTextContent("Confermato");
    expect(screen.getByRole("heading", { level: 1, name: "Pagamento completato" })).toBeInTheDocument();
    expect(screen.getByText(/si apre 5 minuti prima dell'inizio/)).toBeInTheDocument();
    expect(screen.getByText(/email di conferma con l'invito per il calendario/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vai alla dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Scopri altri cartomanti" })).toHaveAttribute("href", "/psychics");
    await waitFor(() => expect(convexMock.calls).toEqual([{ name: "payments:confirmFromSuccessPage", args: { sessionId: "cs_test_1" } }]));
  });

  it("waits for the server's check before saying the details cannot be found", async () => {
    const check = deferred<{ status: string }>();
    convexMock.handlers.set("payments:confirmFromSuccessPage", () => check.promise);
    convexMock.queries.set("bookings:getMineByCheckoutSession", null);
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_foreign" });
    expect(screen.getByRole("status", { name: "Verifica del pagamento" })).toBeInTheDocument();
    // The page's shape at once, with its heading, not a lone spinner.
    expect(screen.getByRole("heading", { level: 1, name: "Stiamo verificando il pagamento" })).toBeInTheDocument();
    expect(screen.queryByText("Non è stato possibile recuperare i dettagli del consulto.")).not.toBeInTheDocument();
    await act(async () => check.resolve({ status: "unknown" }));
    expect(await screen.findByText("Non è stato possibile recuperare i dettagli del consulto.")).toBeInTheDocument();
  });

  it("says the details cannot be found without a session id, and asks nothing", () => {
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success" });
    expect(screen.getByRole("alert")).toHaveTextContent("Non è stato possibile recuperare i dettagli del consulto.");
    expect(convexMock.calls).toEqual([]);
  });

  it("says the details cannot be found when the check itself fails", async () => {
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => {
      throw new Error("Invalid session");
    });
    convexMock.queries.set("bookings:getMineByCheckoutSession", null);
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=nonsense" });
    expect(await screen.findByText("Non è stato possibile recuperare i dettagli del consulto.")).toBeInTheDocument();
  });
});

describe("the payment success page's promises for this booking", () => {
  const HOUR = 3_600_000;
  const paidFor = (startsIn: number) => {
    const startsAt = Date.now() + startsIn;
    return clientRow({ ...booking, status: "confirmed", holdExpiresAt: null, checkoutUrl: null, startsAt, endsAt: startsAt + HOUR, rescheduleCount: 0 }, null);
  };
  const terms = () => within(screen.getByRole("list", { name: "Condizioni di annullamento di questo consulto" }));

  it("about 23 hours ahead: the half refund until 2 hours before, never a full refund", async () => {
    const paid = paidFor(23 * HOUR);
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => ({ status: "paid" }));
    convexMock.queries.set("bookings:getMineByCheckoutSession", paid);
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_1" });
    // toHaveTextContent reads the no-break space Intl puts before '€' as a plain one.
    expect(terms().getAllByRole("listitem")[0]).toHaveTextContent(
      `Inizia tra meno di 24 ore: annullando entro ${formatDeadline(paid.startsAt - 2 * HOUR)} ricevi il 50% (45,00 €).`,
    );
    expect(document.body).not.toHaveTextContent(/rimborso completo/i);
    await waitFor(() => expect(convexMock.calls).toHaveLength(1));
  });

  it("3 days ahead: the full refund's deadline, then the half's, with their amounts", async () => {
    const paid = paidFor(72 * HOUR);
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => ({ status: "paid" }));
    convexMock.queries.set("bookings:getMineByCheckoutSession", paid);
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_1" });
    const lines = terms().getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent(`Rimborso completo (90,00 €) se annulli entro ${formatDeadline(paid.startsAt - 24 * HOUR)}.`);
    expect(lines[1]).toHaveTextContent(`Rimborso del 50% (45,00 €) se annulli entro ${formatDeadline(paid.startsAt - 2 * HOUR)}.`);
    await waitFor(() => expect(convexMock.calls).toHaveLength(1));
  });

  it("offers the calendar file (the email's invitation) and the microphone test of the call page", async () => {
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => ({ status: "paid" }));
    convexMock.queries.set("bookings:getMineByCheckoutSession", paidFor(72 * HOUR));
    const files: Blob[] = [];
    // The test DOM downloads nothing: the page's file is caught here instead.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => (files.push(blob), "blob:consulto");
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("consulto.ics");
    });
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_1" });
    expect(screen.getByRole("link", { name: /Prova il microfono/ })).toHaveAttribute("href", "/call/b1");
    await userEvent.setup().click(screen.getByRole("button", { name: /Aggiungi al calendario/ }));
    // The invitation's builder loads on the first click.
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    const ics = await files[0].text();
    expect(ics).toContain("UID:booking-b1@arcano.it");
    expect(ics).toContain("SUMMARY:Consulto vocale con Selene Moretti — Arcano");
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("a chat booking is named in the facts, its page is the chat's, and no microphone test is offered; the calendar file says chat", async () => {
    convexMock.handlers.set("payments:confirmFromSuccessPage", async () => ({ status: "paid" }));
    convexMock.queries.set("bookings:getMineByCheckoutSession", { ...paidFor(72 * HOUR), consultationType: "chat" });
    const files: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => (files.push(blob), "blob:consulto");
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    clicked.mockClear();
    renderRoute(<PaymentSuccessPage />, { path: "/payment-success?session_id=cs_test_1" });
    const facts = screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toContainEqual(["Tipo", "Chat"]);
    expect(screen.getByText(/^La pagina della chat si apre 5 minuti prima dell'inizio/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Prova il microfono/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: /Aggiungi al calendario/ }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(await files[0]!.text()).toContain("SUMMARY:Consulto in chat con Selene Moretti — Arcano");
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});

describe("the payment cancelled page", () => {
  it("releases the client's hold once and offers to retry with the same psychic, length, day, time and notes", async () => {
    window.sessionStorage.clear();
    convexMock.queries.set("bookings:getMine", { ...clientRow({ ...booking, status: "expired" }, null), notes: "Vorrei parlare del lavoro" });
    renderRoute(<PaymentCanceledPage />, { path: "/payment-canceled?booking_id=b1" });
    expect(screen.getByRole("heading", { level: 1, name: "Pagamento annullato" })).toBeInTheDocument();
    await waitFor(() => expect(convexMock.calls).toEqual([{ name: "holds:releaseMine", args: { bookingId: "b1" } }]));
    const retry = screen.getByRole("link", { name: "Riprova la prenotazione" });
    expect(retry).toHaveAttribute("href", "/psychics/p7/book?duration=60&date=2026-11-25&time=15%3A30");
    expect(screen.getByRole("link", { name: "Torna ai cartomanti" })).toHaveAttribute("href", "/psychics");
    expect(screen.getByRole("link", { name: "Contattaci" })).toHaveAttribute("href", "/contact");
    // The notes go back where the booking page keeps them for this psychic, in this tab only.
    await userEvent.click(retry);
    expect(window.sessionStorage.getItem("arcano:notes:p7")).toBe("Vorrei parlare del lavoro");
    window.sessionStorage.clear();
  });

  it("offers no retry for a booking that is not the viewer's", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("bookings:getMine", new Error("NOT_FOUND"));
    renderRoute(<PaymentCanceledPage />, { path: "/payment-canceled?booking_id=someone-elses" });
    expect(screen.getByText("Il pagamento non è stato completato e non ti è stato addebitato nulla.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Riprova la prenotazione" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna ai cartomanti" })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("shows a visitor the text and the links, and releases nothing", () => {
    convexMock.signedOut();
    renderRoute(<PaymentCanceledPage />, { path: "/payment-canceled?booking_id=b1" });
    expect(screen.getByRole("heading", { level: 1, name: "Pagamento annullato" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Riprova la prenotazione" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contattaci" })).toHaveAttribute("href", "/contact");
    expect(convexMock.calls).toEqual([]);
  });
});
