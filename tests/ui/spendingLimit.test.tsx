// 'Limite di spesa' in the client's settings, its optimistic answer, and the checkout's refusals with their figures.
import { act, screen, waitFor } from "@testing-library/react";
import user from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withLimit, withPause, withPauseEnded } from "@convex/model/spendingLimit";
import { toast } from "@/components/toast";
import { ClientSettingsPage } from "@/features/client/settings/ClientSettingsPage";
import { viewAfter } from "@/features/client/settings/spendingLimitView";
import type { SpendingLimitView } from "@/lib/client/spendingLimit";
import { errorMessage } from "@/lib/text/errors";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

const client = {
  id: "u1",
  fullName: "Giulia Verdi",
  email: "giulia@esempio.it",
  accountType: "client",
  memberSince: Date.UTC(2026, 0, 5),
  isAdmin: false,
};
const NOW = Date.UTC(2026, 10, 26, 11, 0); // 12:00 in Rome
const view = (fields: Partial<SpendingLimitView> = {}): SpendingLimitView => ({
  limitCents: null,
  pendingLimit: null,
  pausedThrough: null,
  pauseEndsEarlyAt: null,
  spentCents: 3000,
  remainingCents: null,
  ...fields,
});

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

const open = (shown: SpendingLimitView) => {
  convexMock.signedInAs(client);
  convexMock.queries.set("spendingLimits:getMine", shown);
  return renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere: ["/"] });
};

describe("the spending limit card", () => {
  it("says what counts now and what waits, with its Rome date", () => {
    open(view({ limitCents: 6000, remainingCents: 3000, pendingLimit: { limitCents: 10000, effectiveAt: NOW + 24 * 3_600_000 } }));
    expect(screen.getByText("Limite mensile: 60,00 €. Speso questo mese: 30,00 €; restano 30,00 €.")).toBeInTheDocument();
    expect(screen.getByText("Nuovo limite di 100,00 € dal venerdì 27 novembre 2026 alle 12:00.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "800 558 822" })).toHaveAttribute("href", "tel:800558822");
    expect(screen.getByRole("link", { name: "scriverci" })).toHaveAttribute("href", "/contact");
  });

  it("shows a pause through its last day and the way to end it early", () => {
    open(view({ pausedThrough: "2026-12-02" }));
    expect(screen.getByText("Pagamenti in pausa fino al mercoledì 2 dicembre 2026 compreso.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Termina la pausa" })).toBeInTheDocument();
  });

  it("saves whole euros as cents, refuses anything else in the field, and starts a pause", async () => {
    convexMock.handlers.set("spendingLimits:setMonthlyLimit", async () => null);
    convexMock.handlers.set("spendingLimits:startPause", async () => null);
    open(view());
    const userEvent = user.setup();
    const field = screen.getByLabelText("Limite mensile (euro)");
    await userEvent.type(field, "12,5");
    await userEvent.click(screen.getByRole("button", { name: "Salva limite" }));
    expect(screen.getByText("Inserisci un importo intero in euro, da 1 a 10.000.")).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, "60");
    await userEvent.click(screen.getByRole("button", { name: "Salva limite" }));
    await waitFor(() => expect(convexMock.calls).toContainEqual({ name: "spendingLimits:setMonthlyLimit", args: { limitCents: 6000 } }));
    await userEvent.click(screen.getByRole("button", { name: "Pausa di 30 giorni" }));
    await waitFor(() => expect(convexMock.calls).toContainEqual({ name: "spendingLimits:startPause", args: { days: 30 } }));
    expect(toast.success).toHaveBeenCalledWith("Pausa attivata");
  });

  it("keeps what is being typed when the minute turns and the answer for the new minute is still on its way", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(NOW + 30_000);
      const shown = view({ limitCents: 500, remainingCents: 500, spentCents: 0 });
      // Convex answers the first minute at once; the next minute's answer has not come yet.
      convexMock.signedInAs(client);
      convexMock.queries.set("spendingLimits:getMine", ({ now }: Record<string, unknown>) => (now === NOW ? shown : undefined));
      renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere: ["/"] });
      const userEvent = user.setup({ advanceTimers: vi.advanceTimersByTime });
      const field = screen.getByLabelText("Limite mensile (euro)");
      await userEvent.clear(field);
      await userEvent.type(field, "500");
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText("Limite mensile: 5,00 €. Speso questo mese: 0,00 €; restano 5,00 €.")).toBeInTheDocument();
      expect(screen.queryByLabelText("Caricamento del limite di spesa")).not.toBeInTheDocument();
      expect(screen.getByLabelText("Limite mensile (euro)")).toHaveValue("500");
    } finally {
      vi.useRealTimers();
    }
  });

  it("is not shown to a psychic", () => {
    convexMock.signedInAs({ ...client, accountType: "psychic" });
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere: ["/"] });
    expect(screen.queryByRole("heading", { name: "Limite di spesa" })).not.toBeInTheDocument();
  });
});

describe("the optimistic answer", () => {
  it("lowers at once, raises with the day's wait, pauses at once, ends a pause a day later", () => {
    const lowered = viewAfter(view({ limitCents: 10000, remainingCents: 7000 }), (state, now) => withLimit(state, 6000, now), NOW);
    expect(lowered).toMatchObject({ limitCents: 6000, remainingCents: 3000, pendingLimit: null });
    const raised = viewAfter(view({ limitCents: 6000, remainingCents: 3000 }), (state, now) => withLimit(state, 9000, now), NOW);
    expect(raised).toMatchObject({ limitCents: 6000, pendingLimit: { limitCents: 9000, effectiveAt: NOW + 24 * 3_600_000 } });
    const paused = viewAfter(view(), (state, now) => withPause(state, 7, now), NOW);
    expect(paused.pausedThrough).toBe("2026-12-02");
    expect(viewAfter(paused, withPauseEnded, NOW).pauseEndsEarlyAt).toBe(NOW + 24 * 3_600_000);
  });
});

describe("the checkout's refusals", () => {
  it("name the limit and what is left, or the pause's last day", () => {
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(spaced(errorMessage(new ConvexError({ code: "SPENDING_LIMIT_REACHED", limitCents: 6000, remainingCents: 2999 })))).toBe(
      "Con questo consulto supereresti il limite di spesa mensile che hai scelto (60,00 €): questo mese puoi spendere ancora 29,99 €. Puoi cambiarlo nelle impostazioni.",
    );
    expect(errorMessage(new ConvexError({ code: "SPENDING_PAUSED", pausedThrough: "2026-12-02" }))).toBe(
      "Hai messo in pausa i pagamenti fino al mercoledì 2 dicembre 2026 compreso: fino ad allora non puoi prenotare nuovi consulti. Puoi cambiarlo nelle impostazioni.",
    );
    expect(errorMessage(new ConvexError({ code: "CHECKOUT_CONSENT_REQUIRED" }))).toMatch(/^Per pagare devi chiedere che il consulto/);
  });
});
