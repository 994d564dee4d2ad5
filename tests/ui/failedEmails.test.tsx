// Panoramica's "Email non inviate": the sends the outbox gave up on, with 'Riprova l'invio' for those
// still worth sending and none for expired codes.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { FailedEmails } from "@/features/admin/dashboard/FailedEmails";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

const queuedAt = Date.parse("2026-11-20T09:30:00Z");
const reminder = {
  id: "e1",
  to: "cliente@esempio.it",
  kind: "booking_reminder_24h",
  attempts: 4,
  lastError: "Resend: 500",
  queuedAt,
  retryable: true,
};
const code = { id: "e2", to: "nuovo@esempio.it", kind: "sign_up_code", attempts: 4, lastError: null, queuedAt, retryable: false };

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the admin's emails not sent", () => {
  it("lists each with recipient, kind, attempts and error; a code has no retry", () => {
    convexMock.queries.set("adminEmails:failedEmails", { emails: [reminder, code], more: true });
    renderWithProviders(<FailedEmails />);
    expect(screen.getByRole("heading", { name: "Email non inviate (2+)" })).toBeInTheDocument();
    const table = within(screen.getByRole("table", { name: "Email non inviate" }));
    const first = table.getByRole("row", { name: /cliente@esempio\.it/ });
    expect(first).toHaveTextContent("Promemoria (24 ore)");
    expect(first).toHaveTextContent("4 tentativi: Resend: 500");
    const second = table.getByRole("row", { name: /nuovo@esempio\.it/ });
    expect(second).toHaveTextContent("Codice di registrazione");
    expect(second).toHaveTextContent("Codice scaduto: la persona ne chiede uno nuovo.");
    expect(within(second).queryByRole("button")).toBeNull();
  });

  it("'Riprova l'invio' queues it again, says so, and the row leaves the list at once", async () => {
    convexMock.queries.set("adminEmails:failedEmails", { emails: [reminder], more: false });
    convexMock.handlers.set("adminEmails:retryEmail", () => {
      convexMock.queries.set("adminEmails:failedEmails", { emails: [], more: false });
      convexMock.changed();
      return null;
    });
    renderWithProviders(<FailedEmails />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Riprova l'invio a cliente@esempio.it" }));
    expect(convexMock.calls).toEqual([{ name: "adminEmails:retryEmail", args: { emailId: "e1" } }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Invio ripetuto", "L'email a cliente@esempio.it è di nuovo in coda."));
    expect(screen.getByText("Nessuna email in errore: tutte quelle in coda sono partite.")).toBeInTheDocument();
  });

  it("says why when the server refuses the retry", async () => {
    convexMock.queries.set("adminEmails:failedEmails", { emails: [reminder], more: false });
    convexMock.handlers.set("adminEmails:retryEmail", () => Promise.reject(new ConvexError({ code: "INVALID_STATE" })));
    renderWithProviders(<FailedEmails />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Riprova l'invio a cliente@esempio.it" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining("lo stato è cambiato nel frattempo")));
  });

  it("shows the loading state, then names a failed read", () => {
    const { unmount } = renderWithProviders(<FailedEmails />);
    expect(screen.getByRole("status", { name: "Caricamento delle email non inviate" })).toBeInTheDocument();
    unmount();
    convexMock.queries.set("adminEmails:failedEmails", new ConvexError({ code: "FORBIDDEN" }));
    renderWithProviders(<FailedEmails />);
    expect(screen.getByRole("alert")).toHaveTextContent("Non hai i permessi per questa operazione.");
  });
});
