// The session screen (/call/:bookingId) as each party reads it: on a page of its own, both people,
// one state line from the call session, the client's notes for the psychic, the end's next step, and
// 'Esci' asked once more.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { CallControls } from "@/features/call/CallControls";
import type { Room } from "@/features/call/callTypes";
import type { Conference } from "@/features/call/useConference";
import { initialsOf } from "@/features/call/roomWords";
import { convexMock } from "./convexMock";
import { renderRoutes, renderWithProviders } from "./render";

vi.mock("convex/react", async () => (await import("./convexMock")).convexReactMock);
vi.mock("@convex-dev/auth/react", async () => (await import("./convexMock")).authReactMock);

const person = { memberSince: 0, isAdmin: false };
const client = { ...person, fullName: "Marta Rossi", id: "u1", email: "marta@esempio.it", accountType: "client" };
const psychic = { ...person, fullName: "Selene", id: "u2", email: "selene@esempio.it", accountType: "psychic" };

const MINUTE = 60_000;
const nobody = { seenAt: null, leftAt: null };

/** A 30-minute consultation that started a minute ago, as calls.getRoom answers it. */
function roomFor(party: "client" | "psychic", changes: Partial<Room> = {}): Room {
  // Half a minute short of one minute ago: "29:xx" left however slowly the test runs, up to 30 s.
  const startsAt = Date.now() - MINUTE + 30_000;
  return {
    bookingId: "b1" as Room["bookingId"],
    party,
    psychic: { name: "Selene", photoUrl: null },
    client: { name: "Marta Rossi" },
    notes: party === "psychic" ? "Vorrei parlare del lavoro." : null,
    reviewable: false,
    bookingStatus: "confirmed",
    scheduledDate: "2026-11-25",
    scheduledTime: "09:30",
    durationMinutes: 30,
    opensAt: startsAt - 5 * MINUTE,
    startsAt,
    endsAt: startsAt + 30 * MINUTE,
    provider: "webrtc",
    session: null,
    settled: false,
    self: nobody,
    other: nobody,
    ...changes,
  };
}

async function openRoom(viewer: Record<string, unknown>, room: Room) {
  convexMock.signedInAs(viewer);
  convexMock.queries.set("calls:getRoom", room);
  const router = renderRoutes(routes, { path: "/call/b1" });
  await screen.findByRole("heading", { level: 1, name: /^Consulto con/ });
  return router;
}

const stateLine = () => screen.getByTestId("room-line");

beforeEach(() => convexMock.reset());

describe("the session screen", () => {
  it("is a page of its own: the brand's mark and the way back, no site header or footer; titled after the other person", async () => {
    await openRoom(client, roomFor("client", { other: { seenAt: Date.now(), leftAt: null } }));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Consulto con Selene");
    expect(document.title).toBe("Consulto con Selene | Arcano");
    expect(screen.getByRole("link", { name: "Arcano, vai alla home" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Torna alla dashboard/ })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    // The spec's name for the room is a line above the heading, which names the other person.
    expect(screen.getByText("Conferenza Audio")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Consulto con Selene" })).toBeInTheDocument();
    // Both people, with their role; the client's notes are not shown to the client.
    const people = screen.getByRole("list", { name: "Partecipanti al consulto" });
    expect(
      within(people)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("SeleneCartomante"), expect.stringContaining("Marta RossiCliente")]);
    expect(screen.queryByText("Vorrei parlare del lavoro.")).not.toBeInTheDocument();
    // The other is in, this page is not yet: one line says so; the clock shows the time left.
    expect(stateLine()).toHaveTextContent("Selene ti aspetta nella chiamata");
    expect(screen.getByRole("timer", { name: "Tempo rimasto" })).toHaveTextContent(/^29:\d\d$/);
    expect(screen.getByRole("button", { name: /Prepara audio/ })).toBeInTheDocument();
    // The technical details wait behind their button.
    expect(screen.queryByText(/Qualità connessione|Partecipanti:/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Diagnostica" })).toBeInTheDocument();
  });

  it("shows the psychic the client's name and notes, and that the client left", async () => {
    await openRoom(psychic, roomFor("psychic", { other: { seenAt: null, leftAt: Date.now() - 2_000 } }));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Consulto con Marta Rossi");
    expect(stateLine()).toHaveTextContent("Marta Rossi ha lasciato la chiamata");
    const notes = screen.getByRole("region", { name: "Note di Marta Rossi" });
    expect(notes).toHaveTextContent("Vorrei parlare del lavoro.");
    expect(screen.getByRole("link", { name: /Torna alla dashboard/ })).toHaveAttribute("href", "/psychic-dashboard");
  });

  it("before the room opens: a countdown, nothing to press", async () => {
    const startsAt = Date.now() + 20 * MINUTE;
    await openRoom(client, roomFor("client", { startsAt, opensAt: startsAt - 5 * MINUTE, endsAt: startsAt + 30 * MINUTE }));
    expect(stateLine()).toHaveTextContent("Il consulto non è ancora iniziato");
    expect(screen.getByRole("timer", { name: "Tempo all'apertura della stanza" })).toHaveTextContent(/Apertura tra 1[45] min/);
    expect(screen.queryByRole("button", { name: /Prepara audio/ })).not.toBeInTheDocument();
  });

  it("at the end the client is offered a review, the psychic the outcome", async () => {
    await openRoom(client, roomFor("client", { bookingStatus: "ended", settled: true, reviewable: true }));
    expect(stateLine()).toHaveTextContent("Consulto terminato");
    expect(screen.getByRole("link", { name: "Lascia una recensione" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("button", { name: /Prepara audio/ })).not.toBeInTheDocument();
  });

  it("at the end the psychic marks the outcome on the dashboard", async () => {
    await openRoom(psychic, roomFor("psychic", { bookingStatus: "ended", settled: true }));
    expect(stateLine()).toHaveTextContent("Consulto terminato");
    expect(screen.getByRole("link", { name: "Segna esito" })).toHaveAttribute("href", "/psychic-dashboard");
    expect(screen.queryByRole("link", { name: "Lascia una recensione" })).not.toBeInTheDocument();
  });

  it("uses no gendered words for the other person", async () => {
    await openRoom(client, roomFor("client", { other: { seenAt: Date.now(), leftAt: null } }));
    expect(document.body.textContent).not.toMatch(/collegat[oa]|entrat[oa]|uscit[oa]/);
  });
});

describe("'Esci'", () => {
  function connected(end = vi.fn()): Conference {
    return {
      state: "connected",
      error: null,
      muted: false,
      quality: "good",
      inbound: { bytes: 0, energy: 0 },
      remoteStream: null,
      logs: [],
      participants: 2,
      audio: "connected",
      otherPresent: true,
      hadCall: true,
      start: vi.fn(),
      end,
      retry: vi.fn(),
      toggleMute: vi.fn(),
      log: vi.fn(),
    };
  }

  it("asks once more: 'Resta' keeps the call, 'Esci' leaves it", async () => {
    const user = userEvent.setup();
    const end = vi.fn();
    renderWithProviders(<CallControls room={roomFor("client")} conference={connected(end)} otherName="Selene" />);
    await user.click(screen.getByRole("button", { name: "Esci" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Uscire dalla chiamata?" });
    expect(dialog).toHaveTextContent("Selene vedrà che hai lasciato la chiamata");
    await user.click(within(dialog).getByRole("button", { name: "Resta" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(end).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Esci" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Esci" }));
    expect(end).toHaveBeenCalledOnce();
  });
});

describe("initials", () => {
  it("take the first letters of the first two words", () => {
    expect(initialsOf("Marta Rossi")).toBe("MR");
    expect(initialsOf("  selene ")).toBe("S");
    expect(initialsOf("Anna Maria De Luca")).toBe("AM");
  });
});
