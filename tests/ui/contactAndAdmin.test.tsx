import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { AdminMessagesPage } from "@/features/admin/AdminMessagesPage";
import { BookingsTab, markRefundPending } from "@/features/admin/dashboard/BookingsTab";
import { SettingsTab } from "@/features/admin/dashboard/SettingsTab";
import { UsersTab } from "@/features/admin/dashboard/UsersTab";
import { ContactPage } from "@/features/contact/ContactPage";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";
import { adminRow } from "./serverViews";

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

async function fillContact() {
  const user = userEvent.setup();
  // Pasted, not typed key by key: the same change events, a fraction of the time.
  for (const [label, text] of [
    ["Nome", "Giulia Ferri"],
    ["Email", "Giulia@Esempio.it"],
    ["Oggetto", "Rimborso"],
    ["Messaggio", "Quando arriva il rimborso?"],
  ]) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
  return user;
}

describe("the contact form", () => {
  it("checks the required fields before sending anything", async () => {
    renderWithProviders(<ContactPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Invia messaggio" }));
    expect(screen.getByText("Inserisci il tuo nome.")).toBeInTheDocument();
    expect(screen.getByText("Inserisci la tua email.")).toBeInTheDocument();
    expect(screen.getByText("Inserisci l'oggetto del messaggio.")).toBeInTheDocument();
    expect(screen.getByText("Scrivi il tuo messaggio.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);
  });

  it("sends without a category when none is chosen, says 'Invio...' meanwhile, then clears the fields", async () => {
    let finish: (value: string) => void = () => {};
    convexMock.handlers.set("contact:send", () => new Promise((resolve) => (finish = resolve)));
    renderWithProviders(<ContactPage />);
    const user = await fillContact();
    await user.click(screen.getByRole("button", { name: "Invia messaggio" }));
    expect(screen.getByRole("button", { name: "Invio..." })).toBeDisabled();
    finish("message-id");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Messaggio inviato!", "Ti risponderemo il prima possibile. Ti abbiamo inviato una conferma via email."));
    expect(convexMock.calls).toEqual([
      {
        name: "contact:send",
        args: { name: "Giulia Ferri", email: "giulia@esempio.it", userType: "client", subject: "Rimborso", message: "Quando arriva il rimborso?" },
      },
    ]);
    expect(screen.getByLabelText("Oggetto")).toHaveValue("");
    expect(screen.getByLabelText("Messaggio")).toHaveValue("");
    expect(screen.getByLabelText("Nome")).toHaveValue("");
  });

  it("keeps the fields on a failure and says so, with the limit's own words when over it", async () => {
    convexMock.handlers.set("contact:send", () => Promise.reject(new Error("rete assente")));
    renderWithProviders(<ContactPage />);
    const user = await fillContact();
    await user.click(screen.getByRole("button", { name: "Invia messaggio" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Si è verificato un errore nell'invio del messaggio. Riprova."));
    expect(screen.getByLabelText("Oggetto")).toHaveValue("Rimborso");
    expect(screen.getByLabelText("Messaggio")).toHaveValue("Quando arriva il rimborso?");

    convexMock.handlers.set("contact:send", () => Promise.reject(new ConvexError({ code: "RATE_LIMITED" })));
    await user.click(screen.getByRole("button", { name: "Invia messaggio" }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(expect.stringContaining("Hai inviato troppi messaggi")));
    expect(screen.getByLabelText("Oggetto")).toHaveValue("Rimborso");
  });

  it("fills in a signed-in psychic's name, email and account type", () => {
    convexMock.signedInAs({
      id: "u1",
      fullName: "Selene Bianchi",
      email: "cartomante@esempio.it",
      accountType: "psychic",
      memberSince: 0,
      isAdmin: false,
    });
    renderWithProviders(<ContactPage />);
    expect(screen.getByLabelText("Nome")).toHaveValue("Selene Bianchi");
    expect(screen.getByLabelText("Email")).toHaveValue("cartomante@esempio.it");
    expect(screen.getByRole("radio", { name: "Cartomante" })).toBeChecked();
  });
});

const message = (id: string, status: "unread" | "read" | "replied", subject = `Oggetto ${id}`) => ({
  id,
  name: "Paolo Conti",
  email: "paolo.conti@esempio.it",
  userType: "client",
  category: "payment",
  categoryLabel: "Pagamenti",
  subject,
  message: "Testo del messaggio",
  status,
  createdAt: Date.UTC(2026, 10, 23, 8, 41),
  updatedAt: Date.UTC(2026, 10, 23, 8, 41),
});

describe("the admin inbox", () => {
  beforeEach(() => convexMock.queries.set("admin:messageCounts", { all: 3, unread: 1, read: 1, replied: 1 }));

  it("shows each message with the moves its status allows and a reply link with 'Re:'", () => {
    const messages = [message("m1", "unread", "Addebito doppio?"), message("m2", "read"), message("m3", "replied")];
    convexMock.queries.set("admin:listMessages", messages);
    renderWithProviders(<AdminMessagesPage />);
    expect(screen.getByText("3 messaggi trovati")).toBeInTheDocument();

    const unread = screen.getByRole("article", { name: "Addebito doppio?" });
    expect(within(unread).getByText("Non letto")).toBeInTheDocument();
    expect(within(unread).getByText("Pagamenti")).toBeInTheDocument();
    expect(within(unread).getByText(/23 novembre 2026 alle ore 09:41/)).toBeInTheDocument();
    expect(within(unread).getByRole("button", { name: "Segna come letto" })).toBeInTheDocument();
    expect(within(unread).getByRole("button", { name: "Segna come risposto" })).toBeInTheDocument();
    expect(within(unread).getByRole("link", { name: "Rispondi via email" })).toHaveAttribute(
      "href",
      "mailto:paolo.conti@esempio.it?subject=Re%3A%20Addebito%20doppio%3F",
    );

    const read = screen.getByRole("article", { name: "Oggetto m2" });
    expect(within(read).queryByRole("button", { name: "Segna come letto" })).toBeNull();
    expect(within(read).getByRole("button", { name: "Segna come risposto" })).toBeInTheDocument();

    const replied = screen.getByRole("article", { name: "Oggetto m3" });
    // A replied message may be answered again, nothing else.
    expect(within(replied).getAllByRole("button").map((button) => button.textContent?.trim())).toEqual(["Rispondi"]);
    expect(within(replied).getByText("Risposto")).toBeInTheDocument();
  });

  it("shows the answers sent with who sent them and when, and answers from the inbox once however often it is pressed", async () => {
    const answered = {
      ...message("m1", "replied", "Rimborso"),
      answers: [{ text: "Il rimborso è in arrivo.", answeredAt: Date.UTC(2026, 10, 23, 9, 0), adminName: "Chiara Admin" }],
    };
    convexMock.queries.set("admin:listMessages", [answered]);
    let finish: () => void = () => {};
    convexMock.handlers.set("contact:answer", () => new Promise<null>((resolve) => (finish = () => resolve(null))));
    renderWithProviders(<AdminMessagesPage />);
    const card = screen.getByRole("article", { name: "Rimborso" });
    const thread = within(card).getByRole("list", { name: "Risposte inviate" });
    expect(thread).toHaveTextContent("Risposta di Chiara Admin, inviata il 23 novembre 2026 alle ore 10:00");
    expect(thread).toHaveTextContent("Il rimborso è in arrivo.");

    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Rispondi" }));
    const form = within(card).getByRole("form", { name: "Rispondi al messaggio" });
    await user.click(within(form).getByRole("button", { name: "Invia risposta" }));
    expect(within(form).getByText("Scrivi la risposta.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);

    await user.type(within(form).getByLabelText("La tua risposta"), "Ecco i dettagli.");
    await user.click(within(form).getByRole("button", { name: "Invia risposta" }));
    await user.click(within(form).getByRole("button", { name: /Invio/ }));
    expect(convexMock.calls).toEqual([{ name: "contact:answer", args: { messageId: "m1", text: "Ecco i dettagli.", requestId: expect.any(String) } }]);
    finish();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Risposta inviata via email", "A paolo.conti@esempio.it."));
  });

  it("marks a message read and says so when the server refuses", async () => {
    convexMock.queries.set("admin:listMessages", [message("m1", "unread")]);
    convexMock.handlers.set("admin:markMessageRead", () => Promise.reject(new ConvexError({ code: "INVALID_STATE" })));
    renderWithProviders(<AdminMessagesPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Segna come letto" }));
    expect(convexMock.calls).toEqual([{ name: "admin:markMessageRead", args: { messageId: "m1" } }]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare il messaggio"));
  });

  it("has its own empty text for all messages and for one status", async () => {
    convexMock.queries.set("admin:listMessages", []);
    renderWithProviders(<AdminMessagesPage />);
    expect(screen.getByText(/Nessun messaggio trovato\. Quando qualcuno scrive/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("radio", { name: /Non letti/ }));
    expect(await screen.findByText("Nessun messaggio trovato con stato «non letti».")).toBeInTheDocument();
  });

  it("says the messages could not be loaded", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("admin:listMessages", new Error("connessione persa"));
    renderWithProviders(<AdminMessagesPage />);
    expect(screen.getByRole("alert")).toHaveTextContent("Impossibile caricare i messaggi");
  });
});

const userRow = (id: string, fullName: string) => ({
  id,
  fullName,
  email: `${id}@esempio.it`,
  accountType: "client",
  psychicName: null,
  profileStatus: null,
  isPubliclyVisible: null,
  isSuspended: false,
  rating: null,
  consultations: 0,
  createdAt: Date.UTC(2026, 0, 5),
});

describe("the admin dashboard's tables and switches", () => {
  it("names the failed table and the reason", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("admin:listUsers", new ConvexError({ code: "FORBIDDEN" }));
    renderWithProviders(<UsersTab />);
    expect(screen.getByRole("alert")).toHaveTextContent("Errore nel caricamento degli utenti: Non hai i permessi per questa operazione.");
  });

  it("shows a dash that reads 'non disponibile' where a client has no review state, rating or visibility, never 'N/A'", () => {
    convexMock.queries.set("admin:listUsers", [userRow("u1", "Marta Conti")]);
    renderWithProviders(<UsersTab />);
    const row = screen.getByRole("row", { name: /Marta Conti/ });
    expect(row).not.toHaveTextContent("N/A");
    expect(within(row).getAllByText("non disponibile")).toHaveLength(4);
    expect(within(row).getAllByText("—")[0]).toHaveAttribute("aria-hidden");
  });

  it("searches the users on the server and loads the next page on 'Carica altri utenti'", async () => {
    const asked: unknown[] = [];
    convexMock.queries.set("admin:listUsers", (args: Record<string, unknown>) => {
      asked.push(args);
      return args.search === "bianchi" ? [] : [userRow("u1", "Marta Conti")];
    });
    convexMock.morePages.add("admin:listUsers");
    renderWithProviders(<UsersTab />);
    expect(screen.getByRole("row", { name: /Marta Conti/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Carica altri utenti" }));
    expect(convexMock.calls).toEqual([{ name: "admin:listUsers", args: { loadMore: 50 } }]);

    await user.type(screen.getByLabelText("Cerca per nome o email"), "  bianchi");
    expect(await screen.findByText("Nessun utente trovato per «bianchi».")).toBeInTheDocument();
    expect(asked).toContainEqual({ search: "bianchi" });
  });

  it("shows the loading state while the first page comes", () => {
    renderWithProviders(<UsersTab />);
    expect(screen.getByRole("status", { name: "Caricamento degli utenti" })).toBeInTheDocument();
  });

  it("flips a switch through the server and says so when it cannot", async () => {
    convexMock.queries.set("admin:listSettings", [
      { key: "booking_enabled", value: true, description: "Permette ai clienti di prenotare.", updatedAt: null },
      { key: "maintenance_mode", value: false, description: "Blocca le modifiche.", updatedAt: null },
    ]);
    convexMock.handlers.set("admin:setSetting", () => Promise.reject(new Error("rete assente")));
    renderWithProviders(<SettingsTab />);
    expect(screen.getByRole("switch", { name: "Prenotazioni" })).toBeChecked();
    await userEvent.setup().click(screen.getByRole("switch", { name: "Modalità manutenzione" }));
    expect(convexMock.calls).toEqual([{ name: "admin:setSetting", args: { key: "maintenance_mode", value: true } }]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare l'impostazione"));
  });
});

describe("the admin's bookings to check", () => {
  const booking = (id: string, fields: Record<string, unknown>) =>
    adminRow({
      id,
      clientName: "Marta Conti",
      clientEmail: "marta@esempio.it",
      psychicProfileId: "p1",
      psychicName: "Selene",
      consultationType: "voice",
      scheduledDate: "2026-11-30",
      scheduledTime: "10:00",
      startsAt: 0,
      durationMinutes: 30,
      priceCents: 3500,
      status: "cancelled",
      paidAt: 0,
      refundStatus: null,
      refundCents: null,
      cancelReason: null,
      attention: null,
      createdAt: 0,
      ...fields,
    } as Parameters<typeof adminRow>[0]);
  const failed = booking("b1", { refundStatus: "failed", refundCents: 3500, attention: "refund_failed" });
  const late = booking("b2", { clientName: "Luca Neri", refundStatus: "succeeded", refundCents: 3500, attention: "late_payment" });
  const retryName = { name: "Riprova il rimborso di Marta Conti del lunedì 30 novembre 2026 alle 10:00" };

  it("offers to ask again for a failed refund, and says so when the server refuses", async () => {
    convexMock.queries.set("admin:listBookings", { needingAttention: [failed, late], recent: [failed, late] });
    renderWithProviders(<BookingsTab />);
    const toCheck = within(screen.getByRole("table", { name: "Prenotazioni da controllare" }));
    expect(toCheck.getAllByRole("button", { name: /^Riprova il rimborso/ })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(toCheck.getByRole("button", retryName));
    expect(convexMock.calls).toContainEqual({ name: "admin:retryRefund", args: { bookingId: "b1" } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Rimborso richiesto di nuovo", expect.stringContaining("Marta Conti")));

    convexMock.handlers.set("admin:retryRefund", () => Promise.reject(new ConvexError({ code: "INVALID_STATE" })));
    await user.click(toCheck.getByRole("button", retryName));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining("lo stato è cambiato nel frattempo")));
  });

  it("names each booking's type in its own column", () => {
    const chat = booking("b3", { clientName: "Anna Sala", consultationType: "chat", status: "confirmed" });
    convexMock.queries.set("admin:listBookings", { needingAttention: [], recent: [chat, failed] });
    renderWithProviders(<BookingsTab />);
    const table = within(screen.getByRole("table", { name: "Ultime prenotazioni" }));
    const headers = table.getAllByRole("columnheader").map((header) => header.textContent);
    const typeColumn = headers.indexOf("Tipo");
    expect(headers[typeColumn - 1]).toBe("Cartomante");
    const [, chatRow, voiceRow] = table.getAllByRole("row");
    expect(within(chatRow!).getAllByRole("cell")[typeColumn - 1]).toHaveTextContent(/^Chat$/);
    expect(within(voiceRow!).getAllByRole("cell")[typeColumn - 1]).toHaveTextContent(/^Voce$/);
  });

  it("takes the booking off the list at once and shows its refund on its way", () => {
    let value: unknown = { needingAttention: [failed, late], recent: [failed, late] };
    const store = { getQuery: () => value, setQuery: (_query: unknown, _args: unknown, next: unknown) => (value = next) };
    markRefundPending(store as never, "b1");
    const next = value as { needingAttention: Array<{ id: string }>; recent: Array<{ id: string; refundStatus: string }> };
    expect(next.needingAttention.map((row) => row.id)).toEqual(["b2"]);
    expect(next.recent.map((row) => row.refundStatus)).toEqual(["pending", "succeeded"]);
    expect(next.recent.map((row) => (row as unknown as { refund: string }).refund)).toEqual(["refund_pending", "refunded"]);
  });
});
