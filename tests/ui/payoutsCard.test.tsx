// 'Ricevi i pagamenti' on the psychic's settings (each state of the account, Stripe's onboarding and
// the way back, Stripe's dashboard) and the dashboard's banner while payouts are not enabled.
import { StrictMode } from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { PsychicDashboardPage } from "@/features/psychic/PsychicDashboardPage";
import { PsychicSettingsPage } from "@/features/psychic/PsychicSettingsPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

const psychic = { id: "u2", fullName: "Selene Moretti", email: "selene@esempio.it", accountType: "psychic", memberSince: 0, isAdmin: false };
const account = (state: string, requirementsDue: string[] = []) => convexMock.queries.set("payouts:getMyAccount", { state, requirementsDue });
const callsOf = (name: string) => convexMock.calls.filter((call) => call.name === name);

beforeEach(() => {
  convexMock.signedInAs(psychic);
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "info");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

// As the app renders it (src/app/main.tsx): StrictMode runs each effect twice on mount.
const openSettings = (path = "/psychic/settings") =>
  renderRoute(
    <StrictMode>
      <PsychicSettingsPage />
    </StrictMode>,
    { path, route: "/psychic/settings" },
  );
const card = () => within(screen.getByRole("region", { name: "Ricevi i pagamenti" }));

/** window.location.assign, watched. */
function watchAssign() {
  const assign = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  return assign;
}

describe("the 'Ricevi i pagamenti' card", () => {
  it("shows a placeholder while the account's state loads", () => {
    openSettings();
    expect(card().getByLabelText("Caricamento dello stato dei pagamenti")).toBeInTheDocument();
    expect(card().queryByRole("button")).not.toBeInTheDocument();
  });

  it("not started: says so and sends the browser to Stripe's onboarding, busy until it leaves", async () => {
    const user = userEvent.setup();
    const assign = watchAssign();
    let answer: (value: { url: string }) => void = () => {};
    convexMock.handlers.set("payouts:startOnboarding", () => new Promise((resolve) => (answer = resolve)));
    account("not_started");
    openSettings();
    expect(card().getByText("Non iniziato")).toBeInTheDocument();
    expect(card().getByText(/In attesa di attivazione pagamenti/)).toBeInTheDocument();
    const start = card().getByRole("button", { name: "Configura i pagamenti" });
    await user.click(start);
    expect(callsOf("payouts:startOnboarding")).toHaveLength(1);
    expect(start).toBeDisabled();
    await act(async () => answer({ url: "https://connect.stripe.example/setup/acct_1" }));
    expect(assign).toHaveBeenCalledExactlyOnceWith("https://connect.stripe.example/setup/acct_1");
    expect(start).toBeDisabled();
  });

  it("requirements due: lists what Stripe asks in Italian, anything unknown generically, and resumes the onboarding", async () => {
    const user = userEvent.setup();
    const assign = watchAssign();
    convexMock.handlers.set("payouts:startOnboarding", () => ({ url: "https://connect.stripe.example/setup/acct_1" }));
    account("requirements_due", [
      "individual.verification.document",
      "external_account",
      "individual.dob.day",
      "individual.dob.month",
      "individual.dob.year",
      "company.tax_id",
      "settings.something_new",
    ]);
    openSettings();
    expect(card().getByText("Documenti richiesti")).toBeInTheDocument();
    const asked = card().getByRole("list", { name: "Stripe chiede:" });
    expect(
      within(asked)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["un documento d'identità", "l'IBAN del conto", "la data di nascita", "altre informazioni richieste da Stripe"]);
    await user.click(card().getByRole("button", { name: "Completa la configurazione" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://connect.stripe.example/setup/acct_1"));
  });

  it("pending verification: says Stripe is checking and offers nothing to do", () => {
    account("pending_verification");
    openSettings();
    expect(card().getByText("In verifica")).toBeInTheDocument();
    expect(card().getByText(/Stripe sta verificando i tuoi dati/)).toBeInTheDocument();
    expect(card().queryByRole("button")).not.toBeInTheDocument();
  });

  it("enabled: opens Stripe's dashboard in a new tab, opened on the click and given the login link", async () => {
    const user = userEvent.setup();
    const tab = { opener: window as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    convexMock.handlers.set("payouts:dashboardLink", () => ({ url: "https://connect.stripe.example/express/acct_1" }));
    account("enabled");
    openSettings();
    expect(card().getByText("Pagamenti attivi")).toBeInTheDocument();
    expect(card().queryByRole("button", { name: "Configura i pagamenti" })).not.toBeInTheDocument();
    await user.click(card().getByRole("button", { name: "Apri il pannello Stripe (si apre in una nuova scheda)" }));
    expect(open).toHaveBeenCalledExactlyOnceWith("", "_blank");
    await waitFor(() => expect(tab.location.href).toBe("https://connect.stripe.example/express/acct_1"));
    expect(tab.opener).toBeNull();
    expect(callsOf("payouts:dashboardLink")).toHaveLength(1);
  });

  it("closes the tab and says why when the dashboard link is refused", async () => {
    const user = userEvent.setup();
    const tab = { opener: null, location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    convexMock.handlers.set("payouts:dashboardLink", () => {
      throw new ConvexError({ code: "INVALID_STATE" });
    });
    account("enabled");
    openSettings();
    await user.click(card().getByRole("button", { name: /Apri il pannello Stripe/ }));
    expect(await card().findByRole("alert")).toHaveTextContent("L'operazione non è più possibile");
    expect(tab.close).toHaveBeenCalled();
  });

  it("says in its own words when Stripe cannot be reached, and the button works again", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("payouts:startOnboarding", () => {
      throw new ConvexError({ code: "PAYMENT_FAILED" });
    });
    account("not_started");
    openSettings();
    await user.click(card().getByRole("button", { name: "Configura i pagamenti" }));
    expect(await card().findByRole("alert")).toHaveTextContent("Impossibile aprire la configurazione dei pagamenti. Riprova.");
    expect(card().getByRole("button", { name: "Configura i pagamenti" })).toBeEnabled();
  });

  it("back from Stripe (?pagamenti=fatto): asks Stripe once, however often the page renders, and says what it answered", async () => {
    convexMock.handlers.set("payouts:refreshMyAccount", () => "enabled");
    account("pending_verification");
    openSettings("/psychic/settings?pagamenti=fatto");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Pagamenti attivi", expect.any(String)));
    act(() => {
      account("enabled");
      convexMock.changed();
    });
    act(() => convexMock.changed());
    expect(card().getByText("Pagamenti attivi")).toBeInTheDocument();
    expect(callsOf("payouts:refreshMyAccount")).toHaveLength(1);
  });

  it("back from Stripe with details still due: an information toast, the state stays on the card", async () => {
    convexMock.handlers.set("payouts:refreshMyAccount", () => "requirements_due");
    account("requirements_due", ["external_account"]);
    openSettings("/psychic/settings?pagamenti=fatto");
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith("Configurazione da completare", expect.any(String)));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("does not ask Stripe without the return parameter", () => {
    account("not_started");
    openSettings();
    expect(callsOf("payouts:refreshMyAccount")).toEqual([]);
  });

  it("an expired link (?pagamenti=riprova): explains it and offers the button again", async () => {
    const user = userEvent.setup();
    const assign = watchAssign();
    convexMock.handlers.set("payouts:startOnboarding", () => ({ url: "https://connect.stripe.example/setup/acct_1" }));
    account("pending_verification");
    openSettings("/psychic/settings?pagamenti=riprova");
    expect(card().getByRole("status")).toHaveTextContent("Il collegamento alla configurazione è scaduto");
    await user.click(card().getByRole("button", { name: "Completa la configurazione" }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(callsOf("payouts:refreshMyAccount")).toEqual([]);
  });

  it("says so when the state cannot be loaded, and the rest of the settings stay", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("payouts:getMyAccount", new Error("offline"));
    openSettings();
    expect(card().getByRole("alert")).toHaveTextContent("Impossibile caricare lo stato dei pagamenti");
    expect(screen.getByRole("heading", { name: "Cambia password" })).toBeInTheDocument();
  });
});

describe("the dashboard's payouts banner", () => {
  beforeEach(() => {
    convexMock.queries.set("bookings:listForPsychic", {
      today: [],
      upcoming: [],
      recent: [],
      latestPaidAt: 0,
      stats: { today: 0, upcoming: 0, paidConsultationsThisMonth: 0, earnedThisMonthCents: 0, upcomingThisMonthCents: 0 },
    });
    convexMock.queries.set("psychicMonthFigures:listMine", []);
  });
  const openDashboard = () => renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });

  it.each(["not_started", "requirements_due", "pending_verification"])(
    "shows while the account is %s: a link to the settings card, and earnings waiting",
    (state) => {
      account(state);
      openDashboard();
      const banner = screen.getByRole("status", { name: "Pagamenti da configurare" });
      expect(within(banner).getByRole("link", { name: "Configura i pagamenti per ricevere i tuoi guadagni" })).toHaveAttribute(
        "href",
        "/psychic/settings#pagamenti",
      );
      expect(banner).toHaveTextContent("«In attesa di attivazione pagamenti»");
    },
  );

  it("is not shown once payouts are enabled, nor while the state loads", () => {
    openDashboard();
    expect(screen.queryByRole("status", { name: "Pagamenti da configurare" })).not.toBeInTheDocument();
    act(() => {
      account("enabled");
      convexMock.changed();
    });
    expect(screen.queryByRole("status", { name: "Pagamenti da configurare" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Configura i pagamenti/)).not.toBeInTheDocument();
  });

  it("goes away live when the account is enabled", () => {
    account("pending_verification");
    openDashboard();
    expect(screen.getByRole("status", { name: "Pagamenti da configurare" })).toBeInTheDocument();
    act(() => {
      account("enabled");
      convexMock.changed();
    });
    expect(screen.queryByRole("status", { name: "Pagamenti da configurare" })).not.toBeInTheDocument();
  });

  it("links the dashboard to 'Guadagni'", () => {
    account("enabled");
    openDashboard();
    expect(screen.getByRole("link", { name: /Guadagni/ })).toHaveAttribute("href", "/psychic/earnings");
  });
});
