// Moderation on screen: the admin suspends a psychic with a note in a dialog and lifts it; a review card
// names the version the admin read and says when the psychic changed it meanwhile; the suspended psychic
// reads the admin's note on the dashboard and cannot switch the profile public.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { PsychicsTab } from "@/features/admin/dashboard/PsychicsTab";
import { PsychicDashboardPage } from "@/features/psychic/PsychicDashboardPage";
import { ProfileSwitches } from "@/features/psychic/settings/ProfileSwitches";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

// 20 November 2026, 15:10 in Rome.
const SUSPENDED_AT = Date.UTC(2026, 10, 20, 14, 10);
const NOTE = "Segnalazioni di richieste di pagamento fuori piattaforma: profilo sospeso in attesa di verifica.";

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

function psychicRow(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    userId: `u-${id}`,
    psychicName: "Selene",
    email: "selene@esempio.it",
    bio: "Leggo i Tarocchi da quindici anni.",
    photoUrl: null,
    profileStatus: "approved",
    isPubliclyVisible: true,
    isAvailable: true,
    verificationCallCompleted: true,
    verificationCall: null,
    prices: [{ durationMinutes: 30, priceCents: 4000 }],
    adminNotes: null,
    rating: null,
    reviewCount: 0,
    bookings: 0,
    revenueCents: 0,
    inReview: null,
    pendingChanges: null,
    changesSubmittedAt: null,
    reviewVersion: 0,
    suspension: null,
    createdAt: 0,
    ...fields,
  };
}

const listPsychics = (...psychics: ReturnType<typeof psychicRow>[]) => convexMock.queries.set("admin:listPsychics", psychics);
const table = () => within(screen.getByRole("table", { name: "Cartomanti" }));

describe("the admin's suspension dialog", () => {
  it("needs a note the psychic will read, 500 characters at most, then suspends with the trimmed note", async () => {
    listPsychics(psychicRow("p1"));
    renderWithProviders(<PsychicsTab />);
    const user = userEvent.setup();
    await user.click(table().getByRole("button", { name: "Sospendi Selene" }));
    const dialog = within(screen.getByRole("dialog", { name: "Sospendi Selene" }));
    expect(dialog.getByText(/I consulti già confermati restano validi/)).toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: "Sospendi il profilo" }));
    expect(dialog.getByRole("alert")).toHaveTextContent("Scrivi il motivo della sospensione");
    const note = dialog.getByLabelText("Motivo della sospensione (il cartomante lo leggerà)");
    expect(note).toHaveAttribute("aria-invalid", "true");
    await user.click(note);
    await user.paste("x".repeat(501));
    await user.click(dialog.getByRole("button", { name: "Sospendi il profilo" }));
    expect(dialog.getByRole("alert")).toHaveTextContent("Il motivo può avere al massimo 500 caratteri.");
    expect(convexMock.calls).toEqual([]);

    await user.clear(note);
    await user.paste(`  ${NOTE}  `);
    await user.click(dialog.getByRole("button", { name: "Sospendi il profilo" }));
    expect(convexMock.calls).toEqual([{ name: "admin:suspendPsychic", args: { profileId: "p1", note: NOTE } }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith("Cartomante sospeso", expect.stringContaining("Selene"));
  });

  it("is keyboard-usable: opened with Enter, closed with Escape, focus back on its button", async () => {
    listPsychics(psychicRow("p1"));
    renderWithProviders(<PsychicsTab />);
    const user = userEvent.setup();
    const trigger = table().getByRole("button", { name: "Sospendi Selene" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Sospendi Selene" });
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it("stays open with the server's words when the server refuses", async () => {
    listPsychics(psychicRow("p1"));
    convexMock.handlers.set("admin:suspendPsychic", () => Promise.reject(new ConvexError({ code: "INVALID_STATE" })));
    renderWithProviders(<PsychicsTab />);
    const user = userEvent.setup();
    await user.click(table().getByRole("button", { name: "Sospendi Selene" }));
    const dialog = within(screen.getByRole("dialog"));
    await user.click(dialog.getByLabelText(/Motivo della sospensione/));
    await user.paste(NOTE);
    await user.click(dialog.getByRole("button", { name: "Sospendi il profilo" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining("lo stato è cambiato nel frattempo")));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows a suspension with its date and note, and lifts it", async () => {
    listPsychics(psychicRow("p1", { suspension: { note: NOTE, suspendedAt: SUSPENDED_AT } }));
    renderWithProviders(<PsychicsTab />);
    const row = within(table().getByRole("row", { name: /Selene/ }));
    expect(row.getByText("Sospeso dal 20/11/2026")).toBeInTheDocument();
    expect(row.getByText(/fuori piattaforma/)).toBeInTheDocument();
    expect(row.queryByRole("button", { name: "Sospendi Selene" })).not.toBeInTheDocument();
    await userEvent.setup().click(row.getByRole("button", { name: "Revoca la sospensione di Selene" }));
    expect(convexMock.calls).toEqual([{ name: "admin:liftSuspension", args: { profileId: "p1" } }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Sospensione revocata", expect.any(String)));
  });
});

describe("a review card names the version the admin read", () => {
  const waiting = (reviewVersion: number, bio: string) =>
    psychicRow("p2", { psychicName: "Vega", profileStatus: "pending", isPubliclyVisible: true, inReview: "profile", reviewVersion, bio });

  it("approves the version shown, the whole bio in sight", async () => {
    const longBio = `${"Leggo le carte con calma. ".repeat(30)}Fine della biografia.`;
    listPsychics(waiting(3, longBio));
    renderWithProviders(<PsychicsTab />);
    const card = within(screen.getByRole("article", { name: "Profilo di Vega" }));
    expect(card.getByText(/Fine della biografia\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(card.getByRole("button", { name: "Approva" }));
    await user.click(screen.getByRole("button", { name: "Conferma e approva" }));
    expect(convexMock.calls).toEqual([{ name: "admin:approvePsychic", args: { profileId: "p2", reviewVersion: 3 } }]);
  });

  it("when the psychic changes the profile while it is open: says so, sends the version read, and shows the server's refusal", async () => {
    listPsychics(waiting(3, "Prima versione."));
    convexMock.handlers.set("admin:approvePsychic", () => Promise.reject(new ConvexError({ code: "PROFILE_CHANGED" })));
    renderWithProviders(<PsychicsTab />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    listPsychics(waiting(4, "Scrivimi su WhatsApp."));
    act(() => convexMock.changed());
    const card = within(screen.getByRole("article", { name: "Profilo di Vega" }));
    expect(card.getByRole("alert")).toHaveTextContent("Il cartomante ha modificato il profilo mentre lo leggevi");
    const user = userEvent.setup();
    await user.click(card.getByRole("button", { name: "Approva" }));
    await user.click(screen.getByRole("button", { name: "Conferma e approva" }));
    expect(convexMock.calls).toEqual([{ name: "admin:approvePsychic", args: { profileId: "p2", reviewVersion: 3 } }]);
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent(
      "Il profilo è cambiato dopo che l'hai aperto: rileggilo prima di approvarlo o rifiutarlo.",
    );
    await user.click(screen.getByRole("button", { name: "Indietro" }));

    // Read again: the new version is the one the answers name.
    await user.click(card.getByRole("button", { name: "L'ho riletto" }));
    expect(card.queryByRole("alert")).not.toBeInTheDocument();
    convexMock.handlers.delete("admin:approvePsychic");
    await user.click(card.getByRole("button", { name: "Approva" }));
    await user.click(screen.getByRole("button", { name: "Conferma e approva" }));
    expect(convexMock.calls.at(-1)).toEqual({ name: "admin:approvePsychic", args: { profileId: "p2", reviewVersion: 4 } });
  });

  it("rejects naming the version read", async () => {
    listPsychics(waiting(7, "Una biografia."));
    renderWithProviders(<PsychicsTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Rifiuta" }));
    const dialog = within(screen.getByRole("dialog"));
    await user.click(dialog.getByLabelText("Nota per il cartomante"));
    await user.paste("Manca la foto.");
    await user.click(dialog.getByRole("button", { name: "Conferma rifiuto" }));
    expect(convexMock.calls).toEqual([{ name: "admin:rejectPsychic", args: { profileId: "p2", reviewVersion: 7, note: "Manca la foto." } }]);
  });
});

describe("the approval dialog", () => {
  const vega = (fields: Record<string, unknown> = {}) =>
    psychicRow("p3", {
      psychicName: "Vega",
      profileStatus: "pending",
      inReview: "profile",
      bio: "Leggo le Sibille e le rune.",
      photoUrl: "/vega.jpg",
      verificationCallCompleted: false,
      prices: [
        { durationMinutes: 30, priceCents: 4000 },
        { durationMinutes: 60, priceCents: 7000 },
      ],
      ...fields,
    });

  it("shows exactly what goes public: name, photo, bio and prices", async () => {
    listPsychics(vega());
    renderWithProviders(<PsychicsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Approva" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approva il profilo di Vega" }));
    const preview = within(dialog.getByRole("region", { name: "Anteprima del profilo pubblico" }));
    expect(preview.getByText("Vega")).toBeInTheDocument();
    expect(preview.getByRole("img", { name: "Foto di Vega" })).toBeInTheDocument();
    expect(preview.getByText("Leggo le Sibille e le rune.")).toBeInTheDocument();
    expect(preview.getByText("30 minuti")).toBeInTheDocument();
    expect(preview.getByText("40,00 €")).toBeInTheDocument();
    expect(preview.getByText("70,00 €")).toBeInTheDocument();
  });

  it("without a passed verification call says so, shows the server's refusal, and records the call from the same place", async () => {
    listPsychics(vega());
    convexMock.handlers.set("admin:approvePsychic", () => Promise.reject(new ConvexError({ code: "VERIFICATION_CALL_REQUIRED" })));
    renderWithProviders(<PsychicsTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Approva" }));
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.getByText(/La chiamata di verifica non risulta fatta/)).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Conferma e approva" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent("la chiamata di verifica non risulta fatta con esito positivo");

    // Recording it: an outcome is required; then the call goes with the trimmed note.
    await user.click(dialog.getByRole("button", { name: "Registra la chiamata" }));
    expect(dialog.getByText("Scegli com'è andata la chiamata.")).toBeInTheDocument();
    await user.click(dialog.getByRole("radio", { name: /Superata/ }));
    await user.click(dialog.getByLabelText("Nota (facoltativa)"));
    await user.paste("  Documento verificato.  ");
    await user.click(dialog.getByRole("button", { name: "Registra la chiamata" }));
    expect(convexMock.calls.at(-1)).toEqual({
      name: "admin:recordVerificationCall",
      args: { profileId: "p3", outcome: "passed", note: "Documento verificato." },
    });
  });

  it("with the call passed shows who recorded it and when", async () => {
    listPsychics(vega({ verificationCallCompleted: true, verificationCall: { recordedByName: "Giulia", recordedAt: SUSPENDED_AT, outcome: "passed", note: null } }));
    renderWithProviders(<PsychicsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Approva" }));
    expect(within(screen.getByRole("dialog")).getByText(/Registrata il 20 novembre 2026 alle ore 15:10 da Giulia: superata\./)).toBeInTheDocument();
  });

  it("a profile awaiting approval never reads 'Pubblico: Sì'", () => {
    listPsychics(vega({ isPubliclyVisible: true }), psychicRow("p1"));
    renderWithProviders(<PsychicsTab />);
    const rows = table().getAllByRole("row");
    expect(within(rows.find((row) => within(row).queryByText("Vega"))!).getByText("No, in attesa di approvazione")).toBeInTheDocument();
    expect(within(rows.find((row) => within(row).queryByText("Selene"))!).getByText("Sì")).toBeInTheDocument();
  });
});

describe("the suspended psychic", () => {
  const ownProfile = (suspension: unknown) => ({ id: "p1", isAvailable: true, isPubliclyVisible: false, profileStatus: "approved", suspension });

  it("reads the admin's note and what the suspension means on the dashboard", () => {
    convexMock.queries.set("psychicProfiles:getMine", ownProfile({ note: NOTE, suspendedAt: SUSPENDED_AT }));
    renderWithProviders(<PsychicDashboardPage />);
    const banner = screen.getByRole("status", { name: "Profilo sospeso" });
    expect(banner).toHaveTextContent("Il tuo profilo è sospeso dall'amministrazione dal 20/11/2026.");
    expect(banner).toHaveTextContent(`Nota dell'amministratore: ${NOTE}`);
    expect(banner).toHaveTextContent("I consulti già confermati restano validi.");
    expect(within(banner).getByRole("link", { name: "scrivici dalla pagina Contatti" })).toHaveAttribute("href", "/contact");
  });

  it("sees no banner when not suspended", () => {
    convexMock.queries.set("psychicProfiles:getMine", ownProfile(null));
    renderWithProviders(<PsychicDashboardPage />);
    expect(screen.queryByRole("status", { name: "Profilo sospeso" })).not.toBeInTheDocument();
  });

  it("cannot switch a hidden profile public while suspended, and is told why", () => {
    convexMock.queries.set("psychicProfiles:getMine", ownProfile({ note: NOTE, suspendedAt: SUSPENDED_AT }));
    renderWithProviders(<ProfileSwitches />);
    const visible = screen.getByRole("switch", { name: "Profilo pubblico" });
    expect(visible).toBeDisabled();
    expect(visible).toHaveAccessibleDescription(/sospeso dall'amministrazione: non compare nella lista e non puoi renderlo visibile/);
  });

  it("a refusal of the visibility switch shows the server's words", async () => {
    convexMock.queries.set("psychicProfiles:getMine", { ...ownProfile(null), isPubliclyVisible: false });
    convexMock.handlers.set("psychicProfiles:setPubliclyVisible", () => Promise.reject(new ConvexError({ code: "PROFILE_SUSPENDED" })));
    renderWithProviders(<ProfileSwitches />);
    await userEvent.setup().click(screen.getByRole("switch", { name: "Profilo pubblico" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Il tuo profilo è sospeso dall'amministrazione: non puoi renderlo visibile."));
  });
});

describe("the admin's psychics, a page at a time", () => {
  it("offers 'Carica altri cartomanti' while the server has more, and loads the next page", async () => {
    listPsychics(psychicRow("p1"));
    convexMock.morePages.add("admin:listPsychics");
    renderWithProviders(<PsychicsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Carica altri cartomanti" }));
    expect(convexMock.calls).toEqual([{ name: "admin:listPsychics", args: { loadMore: 25 } }]);
  });

  it("shows the loading state, then says when there is no psychic", () => {
    const { unmount } = renderWithProviders(<PsychicsTab />);
    expect(screen.getByRole("status", { name: "Caricamento dei cartomanti" })).toBeInTheDocument();
    unmount();
    listPsychics();
    renderWithProviders(<PsychicsTab />);
    expect(screen.getByText("Nessun cartomante registrato.")).toBeInTheDocument();
    expect(screen.getByText("Nessun profilo in attesa di approvazione.")).toBeInTheDocument();
  });
});
