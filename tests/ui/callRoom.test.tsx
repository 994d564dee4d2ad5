// The session screen (/call/:bookingId) as each party reads it: on a page of its own, both people,
// one state line from the call session, the client's notes for the psychic, the end drawing near (seen
// and read out), the other's microphone, the end's review in place and 'Prenota di nuovo', 'Esci' asked
// once more and 'Rientra' in one tap.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { CallControls } from "@/features/call/CallControls";
import type { Room } from "@/features/call/callTypes";
import type { Conference } from "@/features/call/useConference";
import { initialsOf, remainingAnnouncement } from "@/features/call/roomWords";
import { nextStartTimes } from "@/features/call/nextTimes";
import { convexMock } from "./convexMock";
import { roomFixture } from "./roomFixture";
import { renderRoutes, renderWithProviders } from "./render";

const person = { memberSince: 0, isAdmin: false };
const client = { ...person, fullName: "Marta Rossi", id: "u1", email: "marta@esempio.it", accountType: "client" };
const psychic = { ...person, fullName: "Selene", id: "u2", email: "selene@esempio.it", accountType: "psychic" };

const MINUTE = 60_000;
const inCall = (changes: { muted?: boolean } = {}) => ({ seenAt: Date.now(), leftAt: null, muted: false, ...changes });

/** A 30-minute call under way, nobody in yet unless `changes` say so. */
const roomFor = (party: "client" | "psychic", changes: Partial<Room> = {}): Room => roomFixture(party, changes);

async function openRoom(viewer: Record<string, unknown>, room: Room) {
  convexMock.signedInAs(viewer);
  convexMock.queries.set("calls:getRoom", room);
  const router = renderRoutes(routes, { path: "/call/b1" });
  await screen.findByRole("heading", { level: 1, name: /^Consulto con/ });
  return router;
}

const stateLine = () => screen.getByTestId("room-line");

describe("the session screen", () => {
  it("is a page of its own: the brand's mark and the way back, no site header or footer; titled after the other person", async () => {
    await openRoom(client, roomFor("client", { other: inCall() }));
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
    await openRoom(psychic, roomFor("psychic", { other: { seenAt: null, leftAt: Date.now() - 2_000, muted: false } }));
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

  it("at the end the client reviews in place, with the name they choose, and is offered the psychic's next free times", async () => {
    convexMock.handlers.set("reviews:createMine", async () => "r1");
    convexMock.queries.set("psychics:listNextAvailability", [
      { date: "2099-12-01", ranges: [{ from: "10:00", to: "11:30" }] },
      { date: "2099-12-02", ranges: [{ from: "15:00", to: "16:00" }] },
    ]);
    await openRoom(client, roomFor("client", { bookingStatus: "ended", settled: true, reviewable: true }));
    expect(stateLine()).toHaveTextContent("Consulto terminato");
    expect(screen.queryByRole("button", { name: /Prepara audio/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Lascia una recensione" })).not.toBeInTheDocument();
    const review = screen.getByRole("region", { name: "Com'è andato il consulto con Selene?" });
    // The name shown: first name and initial by default, or a nickname, checked before sending.
    expect(within(review).getByRole("radio", { name: /Marta R\. \(nome e iniziale del cognome\)/ })).toBeChecked();
    const user = userEvent.setup();
    await user.click(within(review).getByRole("radio", { name: "5 stelle" }));
    await user.type(within(review).getByLabelText("La tua recensione"), "Consulto chiaro e gentile.");
    await user.click(within(review).getByRole("radio", { name: "Un nickname" }));
    await user.type(within(review).getByLabelText(/^Nickname/), "scrivimi a marta@posta.it");
    await user.click(within(review).getByRole("button", { name: "Pubblica la recensione" }));
    expect(within(review).getByText("Il nickname non può contenere email, numeri di telefono o link.")).toBeInTheDocument();
    expect(convexMock.calls.filter((call) => call.name === "reviews:createMine")).toEqual([]);
    await user.clear(within(review).getByLabelText(/^Nickname/));
    await user.type(within(review).getByLabelText(/^Nickname/), "  Luna ");
    await user.click(within(review).getByRole("button", { name: "Pubblica la recensione" }));
    expect(convexMock.calls.filter((call) => call.name === "reviews:createMine")).toEqual([
      { name: "reviews:createMine", args: { bookingId: "b1", rating: 5, comment: "Consulto chiaro e gentile.", nickname: "Luna" } },
    ]);
    expect(await screen.findByText(/Grazie! La tua recensione è sul profilo di Selene/)).toBeInTheDocument();

    // 'Prenota di nuovo': the next free times as long as this consultation, each leading to its booking page.
    const times = screen.getByRole("list", { name: "Prossimi orari liberi di Selene" });
    expect(within(times).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["mar 1 dic, 10:00", "/psychics/p1/book?date=2099-12-01&time=10:00&duration=30"],
      ["mar 1 dic, 10:30", "/psychics/p1/book?date=2099-12-01&time=10:30&duration=30"],
      ["mer 2 dic, 15:00", "/psychics/p1/book?date=2099-12-02&time=15:00&duration=30"],
      ["mer 2 dic, 15:30", "/psychics/p1/book?date=2099-12-02&time=15:30&duration=30"],
    ]);
  });

  it("the end's review waits until the consultation may be reviewed; 'Prenota di nuovo' says when nothing is free", async () => {
    convexMock.queries.set("psychics:listNextAvailability", []);
    await openRoom(client, roomFor("client", { bookingStatus: "ended", settled: true, reviewable: false }));
    expect(screen.queryByRole("region", { name: /Com'è andato/ })).not.toBeInTheDocument();
    expect(screen.getByText("Selene non ha orari liberi nei prossimi giorni.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tutti gli orari di Selene" })).toHaveAttribute("href", "/psychics/p1/book?duration=30");
  });

  it("at the end the psychic marks the outcome on the dashboard", async () => {
    await openRoom(psychic, roomFor("psychic", { bookingStatus: "ended", settled: true }));
    expect(stateLine()).toHaveTextContent("Consulto terminato");
    expect(screen.getByRole("link", { name: "Segna esito" })).toHaveAttribute("href", "/psychic-dashboard");
    expect(screen.queryByRole("link", { name: "Lascia una recensione" })).not.toBeInTheDocument();
  });

  it("uses no gendered words for the other person", async () => {
    await openRoom(client, roomFor("client", { other: inCall() }));
    expect(document.body.textContent).not.toMatch(/collegat[oa]|entrat[oa]|uscit[oa]/);
  });
});

describe("the end drawing near", () => {
  const endingIn = (ms: number) => {
    const endsAt = Date.now() + ms;
    return roomFor("psychic", { endsAt, startsAt: endsAt - 30 * MINUTE, opensAt: endsAt - 35 * MINUTE, other: inCall() });
  };
  const announcer = () => screen.getByTestId("time-announcer");

  it("reads the minutes left out at 5, 2 and 1 minutes and at the end, never every second", () => {
    expect(remainingAnnouncement(5 * 60 + 1)).toBe("");
    expect(remainingAnnouncement(5 * 60)).toBe("Mancano 5 minuti alla fine del consulto.");
    expect(remainingAnnouncement(2 * 60 + 1)).toBe("Mancano 5 minuti alla fine del consulto.");
    expect(remainingAnnouncement(2 * 60)).toBe("Mancano 2 minuti alla fine del consulto.");
    expect(remainingAnnouncement(61)).toBe("Mancano 2 minuti alla fine del consulto.");
    expect(remainingAnnouncement(60)).toBe("Manca 1 minuto alla fine del consulto.");
    expect(remainingAnnouncement(1)).toBe("Manca 1 minuto alla fine del consulto.");
    expect(remainingAnnouncement(0)).toBe("Il tempo del consulto è finito.");
  });

  it("four minutes before the end: read out as the 5-minute mark, no warning yet", async () => {
    await openRoom(psychic, endingIn(4 * MINUTE));
    expect(announcer()).toHaveAttribute("aria-live", "polite");
    expect(announcer()).toHaveTextContent("Mancano 5 minuti alla fine del consulto.");
    expect(screen.queryByTestId("end-warning")).not.toBeInTheDocument();
  });

  it("two minutes before the end, on both sides: the warning shows and the minutes are read out", async () => {
    for (const [viewer, party] of [
      [client, "client"],
      [psychic, "psychic"],
    ] as const) {
      const room = { ...endingIn(2 * MINUTE - 5_000), party };
      await openRoom(viewer, room);
      expect(screen.getByTestId("end-warning")).toHaveTextContent("Mancano meno di 2 minuti alla fine del consulto");
      expect(announcer()).toHaveTextContent("Mancano 2 minuti alla fine del consulto.");
      cleanup();
    }
  });

  it("a client's microphone off shows on the psychic's screen, and is announced", async () => {
    await openRoom(psychic, roomFor("psychic", { other: inCall({ muted: true }) }));
    expect(screen.getByTestId("other-muted")).toHaveTextContent("Marta Rossi ha disattivato il microfono");
    expect(screen.getByTestId("other-muted")).toHaveAttribute("role", "status");
  });
});

describe("'Prenota di nuovo' times", () => {
  it("fit the whole consultation in a free range, on the half-hour grid, at most two a day", () => {
    const days = [
      { date: "2099-12-01", ranges: [{ from: "10:00", to: "11:00" }, { from: "14:00", to: "14:30" }] },
      { date: "2099-12-02", ranges: [{ from: "09:00", to: "12:00" }] },
    ];
    expect(nextStartTimes(days, 60)).toEqual([
      { date: "2099-12-01", time: "10:00" },
      { date: "2099-12-02", time: "09:00" },
      { date: "2099-12-02", time: "09:30" },
    ]);
    expect(nextStartTimes(days, 15).slice(0, 2)).toEqual([
      { date: "2099-12-01", time: "10:00" },
      { date: "2099-12-01", time: "10:30" },
    ]);
  });
});

function connectedConference(end = vi.fn()): Conference {
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

describe("'Esci'", () => {
  it("asks once more: 'Resta' keeps the call, 'Esci' leaves it", async () => {
    const user = userEvent.setup();
    const end = vi.fn();
    renderWithProviders(<CallControls room={roomFor("client")} conference={connectedConference(end)} otherName="Selene" />);
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

describe("'Rientra nella chiamata'", () => {
  it("after leaving is one tap: no device check again, the microphone opened again and the call entered", async () => {
    const stream = { getAudioTracks: () => [{ readyState: "live" }], getTracks: () => [] } as unknown as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
    const start = vi.fn();
    const conference = { ...connectedConference(), state: "ended" as const, hadCall: true, start };
    renderWithProviders(<CallControls room={roomFor("client")} conference={conference} otherName="Selene" />);
    expect(screen.queryByRole("button", { name: /Prepara audio/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Rientra nella chiamata" }));
    await waitFor(() => expect(start).toHaveBeenCalledWith(stream));
    expect(getUserMedia).toHaveBeenCalledOnce();
  });

  it("after a dropped call too, instead of 'Riprova'", () => {
    const conference = { ...connectedConference(), state: "failed" as const, error: "Connessione persa", hadCall: true };
    renderWithProviders(<CallControls room={roomFor("client")} conference={conference} otherName="Selene" />);
    expect(screen.getByRole("button", { name: "Rientra nella chiamata" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Riprova" })).not.toBeInTheDocument();
  });
});

describe("initials", () => {
  it("take the first letters of the first two words", () => {
    expect(initialsOf("Marta Rossi")).toBe("MR");
    expect(initialsOf("  selene ")).toBe("S");
    expect(initialsOf("Anna Maria De Luca")).toBe("AM");
  });
});
