// The code of conduct card in the profile editor, 'Segnala' on a client's consultation and a report in
// the admin's inbox.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { AdminMessagesPage } from "@/features/admin/AdminMessagesPage";
import { ClientBookingRow, type ClientBooking } from "@/features/client/ClientBookingRow";
import { ConductCard } from "@/features/psychic/profile/ConductCard";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";
import { upcomingClientBooking } from "./serverViews";

const NOW = Date.UTC(2026, 10, 20, 14, 10);
const HOUR = 3_600_000;
const TEXT = "Mi ha chiesto 200 euro per togliere il malocchio.";

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the code of conduct card", () => {
  it("lists the rules and records the acceptance of the current version", async () => {
    convexMock.queries.set("conduct:getMine", { currentVersion: 2, accepted: null });
    convexMock.handlers.set("conduct:acceptMine", async () => ({ version: 2, acceptedAt: NOW }));
    renderWithProviders(<ConductCard />);
    const card = screen.getByRole("region", { name: "Codice di condotta dei cartomanti" });
    for (const rule of ["rituali", "medici, legali o finanziari", "minori", "recapiti", "rispetto"]) {
      expect(card.textContent?.toLowerCase()).toContain(rule);
    }
    expect(screen.getByText("Per pubblicare il profilo devi accettare il codice di condotta.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Ho letto e accetto il codice di condotta" }));
    expect(convexMock.calls).toEqual([{ name: "conduct:acceptMine", args: { version: 2 } }]);
  });

  it("asks again after a new version", () => {
    convexMock.queries.set("conduct:getMine", { currentVersion: 2, accepted: { version: 1, acceptedAt: NOW } });
    renderWithProviders(<ConductCard />);
    expect(screen.getByText(/è stato aggiornato: rileggilo e accettalo/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ho letto e accetto il codice di condotta" })).toBeInTheDocument();
  });

  it("says when the current version was accepted", () => {
    convexMock.queries.set("conduct:getMine", { currentVersion: 2, accepted: { version: 2, acceptedAt: NOW } });
    renderWithProviders(<ConductCard />);
    expect(screen.getByRole("status")).toHaveTextContent("Hai accettato il codice di condotta (versione 2) il 20/11/2026.");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

function renderRow(value: ClientBooking) {
  return renderWithProviders(
    <ul>
      <ClientBookingRow booking={value} now={NOW} />
    </ul>,
  );
}

const held = () => upcomingClientBooking(NOW, { status: "completed", cancellableUntil: null, reschedulableUntil: null }, -2 * HOUR);

describe("'Segnala' on a consultation", () => {
  it("is offered on a consultation given, not on an upcoming one", () => {
    convexMock.queries.set("consultationReports:listMineReported", []);
    renderRow(upcomingClientBooking(NOW));
    expect(screen.queryByRole("button", { name: /Segnala/ })).toBeNull();
  });

  it("asks for a reason and a text of at least 20 characters, then sends the report", async () => {
    convexMock.queries.set("consultationReports:listMineReported", []);
    convexMock.handlers.set("consultationReports:reportMine", async () => "m1");
    renderRow(held());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Segnala il consulto con Selene/ }));
    const dialog = await screen.findByRole("dialog", { name: "Segnala il consulto" });
    await user.click(within(dialog).getByLabelText("Cosa è successo"));
    await user.paste("Troppo caro");
    await user.click(within(dialog).getByRole("button", { name: "Invia la segnalazione" }));
    expect(within(dialog).getByText("Scegli il motivo della segnalazione.")).toBeInTheDocument();
    expect(within(dialog).getByText("Descrivi cosa è successo in almeno 20 caratteri.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText("Motivo"), "Richiesta di denaro extra o rituali");
    await user.clear(within(dialog).getByLabelText("Cosa è successo"));
    await user.click(within(dialog).getByLabelText("Cosa è successo"));
    await user.paste(TEXT);
    await user.click(within(dialog).getByRole("button", { name: "Invia la segnalazione" }));
    expect(convexMock.calls).toEqual([{ name: "consultationReports:reportMine", args: { bookingId: "b1", reason: "money_or_rituals", text: TEXT } }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Segnalazione inviata", expect.any(String)));
  });

  it("keeps the dialog open with the server's reason when refused", async () => {
    convexMock.queries.set("consultationReports:listMineReported", []);
    convexMock.handlers.set("consultationReports:reportMine", () => Promise.reject(new ConvexError({ code: "ALREADY_REPORTED" })));
    renderRow(held());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Segnala il consulto con Selene/ }));
    const dialog = await screen.findByRole("dialog");
    await user.selectOptions(within(dialog).getByLabelText("Motivo"), "Altro");
    await user.click(within(dialog).getByLabelText("Cosa è successo"));
    await user.paste(TEXT);
    await user.click(within(dialog).getByRole("button", { name: "Invia la segnalazione" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Hai già segnalato questo consulto");
  });

  it("shows 'Segnalato' once reported, with no second report offered", () => {
    convexMock.queries.set("consultationReports:listMineReported", ["b1"]);
    renderRow(held());
    expect(screen.getByText("Segnalato")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Segnala/ })).toBeNull();
  });
});

describe("a report in the admin's inbox", () => {
  it("shows its category, reason, the psychic's profile and the booking", () => {
    convexMock.queries.set("admin:messageCounts", { all: 1, unread: 1, read: 0, replied: 0 });
    convexMock.queries.set("admin:listMessages", [
      {
        id: "m1",
        name: "Giulia Rossi",
        email: "giulia@esempio.it",
        userType: "client",
        category: "report",
        categoryLabel: "Segnalazione",
        subject: "Richiesta di denaro extra o rituali · consulto con Selene di venerdì 20 novembre 2026 alle 15:00",
        message: TEXT,
        status: "unread",
        createdAt: NOW,
        updatedAt: NOW,
        report: { bookingId: "b1", psychicProfileId: "p1", reasonLabel: "Richiesta di denaro extra o rituali", consultationType: "voice" },
      },
    ]);
    renderWithProviders(<AdminMessagesPage />);
    const card = screen.getByRole("article", { name: /consulto con Selene/ });
    expect(within(card).getByText("Segnalazione")).toBeInTheDocument();
    expect(within(card).getByText("Non letto")).toBeInTheDocument();
    expect(within(card).getByTestId("report-facts")).toHaveTextContent("Motivo: Richiesta di denaro extra o rituali");
    expect(within(card).getByRole("link", { name: "Profilo del cartomante" })).toHaveAttribute("href", "/psychics/p1");
    // A call has no written conversation to read.
    expect(within(card).queryByRole("button", { name: "Leggi la chat" })).toBeNull();
  });

  it("a reported chat's conversation opens in a dialog, as the two parties read it", async () => {
    convexMock.queries.set("admin:messageCounts", { all: 1, unread: 1, read: 0, replied: 0 });
    convexMock.queries.set("admin:listMessages", [
      {
        id: "m2",
        name: "Giulia Rossi",
        email: "giulia@esempio.it",
        userType: "client",
        category: "report",
        categoryLabel: "Segnalazione",
        subject: "Contatti fuori dalla piattaforma · consulto con Selene",
        message: TEXT,
        status: "unread",
        createdAt: NOW,
        updatedAt: NOW,
        report: { bookingId: "b2", psychicProfileId: "p1", reasonLabel: "Contatti fuori dalla piattaforma", consultationType: "chat" },
      },
    ]);
    convexMock.queries.set("chats:readReported", {
      psychicName: "Selene",
      clientName: "Giulia Rossi",
      scheduledDate: "2026-11-20",
      scheduledTime: "15:00",
      messages: [
        { id: "c1", party: "psychic", mine: false, body: "Scrivimi su telegram: [contatto nascosto]", masked: [], clientMessageId: null, sentAt: NOW - 60_000 },
      ],
    });
    renderWithProviders(<AdminMessagesPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Leggi la chat" }));
    const dialog = await screen.findByRole("dialog", { name: "Chat del consulto segnalato" });
    const messages = within(dialog).getByRole("list", { name: "Messaggi della chat" });
    expect(within(messages).getAllByRole("listitem")[0]).toHaveTextContent("Selene (cartomante)Scrivimi su telegram: [contatto nascosto]");
  });
});
