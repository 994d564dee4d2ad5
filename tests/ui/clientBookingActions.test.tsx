import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { ClientBookingRow, type ClientBooking } from "@/features/client/ClientBookingRow";
import { formatDeadline } from "@convex/model/refundTerms";
import { ReviewDialog } from "@/features/client/ReviewDialog";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";
import { upcomingClientBooking } from "./serverViews";

const NOW = Date.UTC(2026, 10, 20, 14, 10);
const HOUR = 3_600_000;

const booking = (fields: Partial<ClientBooking> = {}) => upcomingClientBooking(NOW, fields);

function renderRow(value: ClientBooking) {
  return renderWithProviders(
    <ul>
      <ClientBookingRow booking={value} now={NOW} showChanges />
    </ul>,
  );
}

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("a client's upcoming consultation", () => {
  it("offers moving it (on the booking page, same duration) and cancelling it", () => {
    renderRow(booking());
    expect(screen.getByRole("link", { name: /Sposta il consulto con Selene/ })).toHaveAttribute(
      "href",
      "/psychics/p1/book?reschedule=b1&duration=30",
    );
    expect(screen.getByRole("button", { name: /Annulla il consulto con Selene/ })).toBeInTheDocument();
  });

  it("offers no move after two moves or inside 24 hours, and says it was moved", () => {
    renderRow(booking({ rescheduleCount: 2, reschedulableUntil: null }));
    expect(screen.queryByRole("link", { name: /Sposta/ })).toBeNull();
    expect(screen.getByText(/spostato 2 volte/)).toBeInTheDocument();
  });

  it("states the refund before cancelling and sends what it showed", async () => {
    convexMock.queries.set("bookings:previewCancellation", {
      cancellable: true,
      window: "half",
      refundCents: 2500,
      priceCents: 5000,
      fullRefundUntil: NOW - HOUR,
      halfRefundUntil: NOW + 20 * HOUR,
    });
    convexMock.handlers.set("bookings:cancelByClient", async () => ({ window: "half", refundCents: 2500 }));
    renderRow(booking());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Annulla il consulto con Selene/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("status")).toHaveTextContent("Rimborso del 50%: 25,00 € su 50,00 €.");
    await user.click(within(dialog).getByRole("button", { name: "Annulla il consulto" }));
    expect(convexMock.calls).toEqual([{ name: "bookings:cancelByClient", args: { bookingId: "b1", expectedRefundCents: 2500 } }]);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Consulto annullato",
        // Intl writes a no-break space before the euro sign.
        "Il rimborso di 25,00\u00a0€ è in corso: arriva sulla carta in 5–10 giorni lavorativi.",
      ),
    );
  });

  it("keeps the dialog open with the reason when the refund changed meanwhile", async () => {
    convexMock.queries.set("bookings:previewCancellation", {
      cancellable: true,
      window: "full",
      refundCents: 5000,
      priceCents: 5000,
      fullRefundUntil: NOW + HOUR,
      halfRefundUntil: NOW + 22 * HOUR,
    });
    convexMock.handlers.set("bookings:cancelByClient", () => Promise.reject(new ConvexError({ code: "REFUND_CHANGED" })));
    renderRow(booking());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Annulla il consulto con Selene/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Annulla il consulto" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nel frattempo il rimborso previsto è cambiato.");
    expect(toast.success).not.toHaveBeenCalled();
  });
});

// toHaveTextContent reads the no-break space Intl puts before '€' as a plain one.
describe("a consultation to come states its own refund terms on its row", () => {
  it("about 23 hours ahead: half (25,00 €) until 2 hours before, never a full refund", () => {
    renderRow(upcomingClientBooking(NOW, {}, 23 * HOUR));
    const row = screen.getByRole("listitem");
    expect(row).toHaveTextContent(`Inizia tra meno di 24 ore: annullando entro ${formatDeadline(NOW + 21 * HOUR)} ricevi il 50% (25,00 €).`);
    expect(row).not.toHaveTextContent(/rimborso completo/i);
  });

  it("3 days ahead: both deadlines with their amounts", () => {
    renderRow(booking());
    expect(screen.getByRole("listitem")).toHaveTextContent(
      `Rimborso completo (50,00 €) se annulli entro ${formatDeadline(NOW + 48 * HOUR)}. ` +
        `Rimborso del 50% (25,00 €) se annulli entro ${formatDeadline(NOW + 70 * HOUR)}.`,
    );
  });

  it("an hour ahead: no refund", () => {
    renderRow(upcomingClientBooking(NOW, {}, HOUR));
    expect(screen.getByText("Inizia tra meno di 2 ore: annullando non ricevi alcun rimborso.")).toBeInTheDocument();
  });

  it("a past or cancelled consultation states no terms", () => {
    renderRow(booking({ status: "cancelled", cancelledBy: "psychic", refundStatus: "pending", refundCents: 5000, cancellableUntil: null }));
    expect(screen.getByRole("listitem")).not.toHaveTextContent(/se annulli/);
  });
});

describe("'Sposta' gone says why", () => {
  it("inside 24 hours: 'Non più spostabile: mancano meno di 24 ore'", () => {
    renderRow(upcomingClientBooking(NOW, {}, 23 * HOUR));
    expect(screen.queryByRole("link", { name: /Sposta/ })).toBeNull();
    expect(screen.getByText("Non più spostabile: mancano meno di 24 ore")).toBeInTheDocument();
  });

  it("after the second move: 'Già spostato 2 volte', once", () => {
    renderRow(booking({ rescheduleCount: 2, reschedulableUntil: null }));
    expect(screen.getByText("Già spostato 2 volte")).toBeInTheDocument();
    expect(screen.getAllByText(/spostato 2 volte/)).toHaveLength(1);
  });

  it("says nothing while it can be moved", () => {
    renderRow(booking({ rescheduleCount: 1 }));
    expect(screen.getByRole("link", { name: /Sposta il consulto/ })).toBeInTheDocument();
    expect(screen.queryByText(/Non più spostabile|Già spostato/)).toBeNull();
  });
});

describe("the cancel dialog's refund colour", () => {
  const preview = (window: "full" | "half" | "none", refundCents: number) => ({
    cancellable: true,
    window,
    refundCents,
    priceCents: 5000,
    fullRefundUntil: NOW + 2 * HOUR,
    halfRefundUntil: NOW + 24 * HOUR,
  });
  async function openedDialogStatus() {
    renderRow(booking());
    await userEvent.setup().click(screen.getByRole("button", { name: /Annulla il consulto con Selene/ }));
    return within(await screen.findByRole("alertdialog")).getByRole("status");
  }

  it("green only for a full refund, with its deadline and the half after it", async () => {
    convexMock.queries.set("bookings:previewCancellation", preview("full", 5000));
    const status = await openedDialogStatus();
    expect(status).toHaveAttribute("data-accent-color", "green");
    expect(status).toHaveTextContent(
      `Rimborso completo: 50,00 €. Il rimborso completo vale fino a ${formatDeadline(NOW + 2 * HOUR)}; poi il 50% (25,00 €) fino a ${formatDeadline(NOW + 24 * HOUR)}.`,
    );
  });

  it("amber, never green, for half", async () => {
    convexMock.queries.set("bookings:previewCancellation", preview("half", 2500));
    const status = await openedDialogStatus();
    expect(status).toHaveAttribute("data-accent-color", "amber");
    expect(status).toHaveTextContent(`Rimborso del 50%: 25,00 € su 50,00 €. Il rimborso del 50% vale fino a ${formatDeadline(NOW + 24 * HOUR)}.`);
  });

  it("red for none, with the amounts", async () => {
    convexMock.queries.set("bookings:previewCancellation", preview("none", 0));
    const status = await openedDialogStatus();
    expect(status).toHaveAttribute("data-accent-color", "red");
    expect(status).toHaveTextContent("Nessun rimborso: mancano meno di 2 ore all'inizio (0,00 € su 50,00 €).");
  });
});

describe("a cancelled consultation's refund", () => {
  it("is on its way, with its amount when partial", () => {
    renderRow(booking({ status: "cancelled", cancelledBy: "client", refundStatus: "pending", refundCents: 2500, cancellableUntil: null }));
    expect(screen.getByText("Rimborso in corso (25,00 €)")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Annulla/ })).toBeNull();
  });

  it("has arrived on a date", () => {
    renderRow(booking({ status: "cancelled", cancelledBy: "psychic", refundStatus: "succeeded", refundCents: 5000, refundedAt: NOW + HOUR }));
    expect(screen.getByText("Rimborsato il 20/11/2026")).toBeInTheDocument();
  });

  it("is none when the client cancelled too late", () => {
    renderRow(booking({ status: "cancelled", cancelledBy: "client" }));
    expect(screen.getByText("Nessun rimborso")).toBeInTheDocument();
  });
});

describe("the review dialog", () => {
  it("asks for stars and at least 10 characters, then publishes the review", async () => {
    convexMock.handlers.set("reviews:createMine", async () => "r1");
    renderWithProviders(<ReviewDialog bookingId={"b1" as ClientBooking["id"]} psychicName="Selene" existing={null} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Lascia una recensione" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("La tua recensione"));
    await user.paste("Breve");
    await user.click(within(dialog).getByRole("button", { name: "Pubblica la recensione" }));
    expect(within(dialog).getByText("Scegli da 1 a 5 stelle.")).toBeInTheDocument();
    expect(within(dialog).getByText("Scrivi almeno 10 caratteri.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);

    await user.click(within(dialog).getByRole("radio", { name: "4 stelle" }));
    await user.click(within(dialog).getByLabelText("La tua recensione"));
    await user.paste(" ma molto chiara e utile.");
    await user.click(within(dialog).getByRole("button", { name: "Pubblica la recensione" }));
    expect(convexMock.calls).toEqual([
      { name: "reviews:createMine", args: { bookingId: "b1", rating: 4, comment: "Breve ma molto chiara e utile." } },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Grazie per la tua recensione!"));
  });

  it("edits an existing review and shows the server's refusal", async () => {
    convexMock.handlers.set("reviews:updateMine", () => Promise.reject(new ConvexError({ code: "REVIEW_EDIT_EXPIRED" })));
    renderWithProviders(
      <ReviewDialog
        bookingId={"b1" as ClientBooking["id"]}
        psychicName="Selene"
        existing={{ id: "r1" as never, rating: 3, comment: "Consulto nella media, cordiale." }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Modifica la recensione" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: "3 stelle" })).toBeChecked();
    // The stars are a radio group: named, five of them, the arrow keys move the choice.
    const stars = within(dialog).getByRole("radiogroup", { name: "Valutazione" });
    expect(within(stars).getAllByRole("radio").map((star) => star.getAttribute("aria-label"))).toEqual([
      "1 stella",
      "2 stelle",
      "3 stelle",
      "4 stelle",
      "5 stelle",
    ]);
    within(dialog).getByRole("radio", { name: "3 stelle" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("radio", { name: "4 stelle" })).toBeChecked();
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByRole("radio", { name: "3 stelle" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Salva le modifiche" }));
    expect(convexMock.calls[0]).toEqual({
      name: "reviews:updateMine",
      args: { reviewId: "r1", rating: 3, comment: "Consulto nella media, cordiale." },
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("La recensione si può modificare solo entro 7 giorni");
  });
});
