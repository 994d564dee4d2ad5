// Offline, as the person sees it: the banner from the Convex client's connection state, the marks on writes
// still waiting for the server, and the actions that are never queued (paying, joining, moving, cancelling)
// disabled with their reason.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { ConnectionBanner, BACK_ONLINE_SHOWN_MS } from "@/app/layout/ConnectionBanner";
import { ProfileSwitches } from "@/features/psychic/settings/ProfileSwitches";
import { ClientBookingRow } from "@/features/client/ClientBookingRow";
import { upcomingClientBooking } from "./serverViews";
import { toast } from "@/components/toast";
import { connectionWords, NEEDS_CONNECTION, OFFLINE_AFTER_MS } from "@/lib/browser/connection";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const banner = () => screen.getByTestId("connection-banner");
const cut = async () => {
  act(() => convexMock.setConnected(false));
  await act(async () => vi.advanceTimersByTime(OFFLINE_AFTER_MS));
};
const restore = () => act(() => convexMock.setConnected(true));

describe("the connection banner", () => {
  it("says nothing while connected, nor for a reconnect shorter than a second", async () => {
    renderWithProviders(<ConnectionBanner />);
    expect(banner()).toBeEmptyDOMElement();
    act(() => convexMock.setConnected(false));
    await act(async () => vi.advanceTimersByTime(OFFLINE_AFTER_MS / 2));
    restore();
    await act(async () => vi.advanceTimersByTime(OFFLINE_AFTER_MS));
    expect(banner()).toBeEmptyDOMElement();
  });

  it("says the page is offline in a live region, then 'Di nuovo online' for a moment", async () => {
    renderWithProviders(<ConnectionBanner />);
    await cut();
    expect(banner()).toHaveAttribute("role", "status");
    expect(banner()).toHaveTextContent(connectionWords.offline);
    restore();
    expect(banner()).toHaveTextContent(connectionWords.backOnline);
    await act(async () => vi.advanceTimersByTime(BACK_ONLINE_SHOWN_MS));
    expect(banner()).toBeEmptyDOMElement();
  });

  it("calls a first connection still under way nothing, however long; a failed attempt offline", async () => {
    act(() => convexMock.setConnection({ connected: false, hasEverConnected: false, connectionRetries: 0 }));
    renderWithProviders(<ConnectionBanner />);
    await act(async () => vi.advanceTimersByTime(10 * OFFLINE_AFTER_MS));
    expect(banner()).toBeEmptyDOMElement();
    act(() => convexMock.setConnection({ connectionRetries: 1 }));
    await act(async () => vi.advanceTimersByTime(OFFLINE_AFTER_MS));
    expect(banner()).toHaveTextContent(connectionWords.offline);
  });

  it("waits for the first attempt even when the browser says it has no network, then says offline at once", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => convexMock.setConnection({ connected: false, hasEverConnected: false, connectionRetries: 0 }));
    renderWithProviders(<ConnectionBanner />);
    await act(async () => vi.advanceTimersByTime(10 * OFFLINE_AFTER_MS));
    expect(banner()).toBeEmptyDOMElement();
    act(() => convexMock.setConnection({ connectionRetries: 1 }));
    expect(banner()).toHaveTextContent(connectionWords.offline);
  });
});

const ownProfile = {
  isAvailable: true,
  isPubliclyVisible: true,
  profileStatus: "approved",
  suspension: null,
};

describe("a quick write across a drop", () => {
  it("the switch moves at once and says it waits for the connection, then saving, then nothing once acknowledged", async () => {
    convexMock.signedInAs({ accountType: "psychic", isAdmin: false, fullName: "Selene" });
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    let acknowledge!: () => void;
    convexMock.handlers.set("psychicProfiles:setAvailable", () => new Promise<null>((resolve) => (acknowledge = () => resolve(null))));
    renderWithProviders(<ProfileSwitches />);
    await cut();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole("switch", { name: "Disponibile per consulti" }));
    const marks = screen.getAllByTestId("pending-write");
    expect(marks[0]).toHaveTextContent(connectionWords.waiting);
    expect(marks[1]).toBeEmptyDOMElement();
    restore();
    expect(marks[0]).toHaveTextContent(connectionWords.saving);
    await act(async () => acknowledge());
    expect(marks[0]).toBeEmptyDOMElement();
    expect(toast.success).toHaveBeenCalledWith("Disponibilità aggiornata", expect.any(String));
  });

  it("a write the server refuses clears its mark and says why", async () => {
    convexMock.signedInAs({ accountType: "psychic", isAdmin: false, fullName: "Selene" });
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    convexMock.handlers.set("psychicProfiles:setAvailable", () => Promise.reject(new ConvexError({ code: "MAINTENANCE_MODE" })));
    renderWithProviders(<ProfileSwitches />);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole("switch", { name: "Disponibile per consulti" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare la disponibilità"));
    await waitFor(() => expect(screen.getAllByTestId("pending-write")[0]).toBeEmptyDOMElement());
  });
});

const NOW = Date.UTC(2026, 10, 20, 14, 10);
const HOUR = 3_600_000;

// Today, in a quarter of an hour: it can be joined, moved and cancelled.
const booking = () =>
  upcomingClientBooking(NOW, { scheduledDate: "2026-11-20", scheduledTime: "14:25", reschedulableUntil: NOW + HOUR / 4 }, HOUR / 4);

describe("actions that are never queued", () => {
  it("joining, moving and cancelling are disabled offline with one note saying why, and come back online", async () => {
    renderWithProviders(
      <ul>
        <ClientBookingRow booking={booking()} now={NOW} showJoin showChanges />
      </ul>,
    );
    expect(screen.getByRole("link", { name: /Entra nel consulto con Selene/ })).toBeInTheDocument();
    await cut();
    const row = screen.getByRole("listitem");
    for (const name of ["Entra", "Sposta", /Annulla il consulto con Selene/]) {
      const button = within(row).getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(NEEDS_CONNECTION);
    }
    expect(within(row).getAllByText(NEEDS_CONNECTION)).toHaveLength(1);
    restore();
    expect(screen.getByRole("link", { name: /Entra nel consulto con Selene/ })).toBeInTheDocument();
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();
  });
});
