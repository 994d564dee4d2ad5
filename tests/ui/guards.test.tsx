import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { convexMock } from "./convexMock";
import { renderRoutes } from "./render";

// The app's own route table, so these tests read the guards exactly as the router places them.
const person = { fullName: "Giulia Verdi", memberSince: 0, isAdmin: false };
const client = { ...person, id: "u1", email: "giulia@esempio.it", accountType: "client" };
const psychic = { ...person, id: "u2", email: "marta@esempio.it", accountType: "psychic" };
const admin = { ...person, id: "u3", email: "capo@arcano.it", accountType: null, isAdmin: true };

type AppRouter = ReturnType<typeof renderRoutes>;
const where = (router: AppRouter) => `${router.state.location.pathname}${router.state.location.search}`;

/** Opens `path` as whoever the mock says is signed in, and waits until the router has settled. */
async function open(path: string) {
  const router = renderRoutes(routes, { path });
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === "idle").toBe(true));
  return router;
}

/** Every place the router shows, in order, from now on. */
function visitsOf(router: AppRouter) {
  const visits: string[] = [];
  router.subscribe(() => visits.push(where(router)));
  return visits;
}

/** The page is shown: no spinner in its place, and its main heading is on screen. */
async function expectPageShown(router: AppRouter, path: string) {
  expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
  expect(screen.queryByLabelText("Caricamento")).not.toBeInTheDocument();
  expect(where(router)).toBe(path);
}

describe("the router's guards", () => {
  it.each([
    ["/dashboard", "%2Fdashboard"],
    ["/settings", "%2Fsettings"],
    ["/psychic-dashboard", "%2Fpsychic-dashboard"],
    ["/psychic/settings", "%2Fpsychic%2Fsettings"],
    ["/psychic/earnings", "%2Fpsychic%2Fearnings"],
    ["/psychic/profile", "%2Fpsychic%2Fprofile"],
    ["/call/b123", "%2Fcall%2Fb123"],
    ["/payment-success?session_id=cs_test_1", "%2Fpayment-success%3Fsession_id%3Dcs_test_1"],
  ])("send a visitor on %s to the login page with a way back", async (path, redirect) => {
    const router = await open(path);
    await waitFor(() => expect(where(router)).toBe(`/login?redirect=${redirect}`));
  });

  it.each(["/admin-dashboard", "/admin/messages"])("send a visitor on %s to the home page", async (path) => {
    const router = await open(path);
    await waitFor(() => expect(where(router)).toBe("/"));
  });

  it.each(["/psychics/abc/book", "/payment-canceled?booking_id=b1"])("keep %s open to visitors, who are told there what to do", async (path) => {
    convexMock.queries.set("psychics:getPublicProfile", null);
    const router = await open(path);
    await expectPageShown(router, path);
  });

  it.each([
    ["/psychic-dashboard", "/dashboard"],
    ["/psychic/settings", "/dashboard"],
    ["/psychic/earnings", "/dashboard"],
    ["/admin-dashboard", "/"],
    ["/admin/messages", "/"],
  ])("send a client on %s to %s", async (path, target) => {
    convexMock.signedInAs(client);
    const router = await open(path);
    await waitFor(() => expect(where(router)).toBe(target));
  });

  it.each([
    ["a psychic", psychic, "/psychic-dashboard"],
    ["an admin", admin, "/admin-dashboard"],
  ])("send %s on /dashboard to their own dashboard", async (_who, viewer, home) => {
    convexMock.signedInAs(viewer);
    const router = await open("/dashboard");
    await waitFor(() => expect(where(router)).toBe(home));
  });

  it("send a psychic away from the admin area", async () => {
    convexMock.signedInAs(psychic);
    const router = await open("/admin-dashboard");
    await waitFor(() => expect(where(router)).toBe("/"));
  });

  const audiences = [
    { who: "the client", viewer: client, pages: ["/dashboard", "/settings", "/call/b123", "/payment-success"] },
    {
      who: "the psychic",
      viewer: psychic,
      pages: ["/psychic-dashboard", "/psychic/settings", "/psychic/earnings", "/psychic/profile", "/settings", "/call/b123"],
    },
    { who: "the admin", viewer: admin, pages: ["/admin-dashboard", "/admin/messages", "/settings"] },
  ];
  it.each(audiences.flatMap(({ who, viewer, pages }) => pages.map((path) => [who, path, viewer] as const)))(
    "let %s in to %s",
    async (_who, path, viewer) => {
      convexMock.signedInAs(viewer);
      const router = await open(path);
      await expectPageShown(router, path);
    },
  );

  it("let a client open the profile editor, which tells them it is for psychics only", async () => {
    convexMock.signedInAs(client);
    const router = await open("/psychic/profile");
    expect(await screen.findByRole("heading", { name: "Accesso riservato ai cartomanti" })).toBeInTheDocument();
    expect(where(router)).toBe("/psychic/profile");
  });

  it("show the spinner, not the page nor the login, until the session and the viewer are known", async () => {
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    const router = await open("/dashboard");
    const visits = visitsOf(router);
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();

    // Signed in, but the viewer query has not answered yet.
    act(() => {
      convexMock.auth = { isLoading: false, isAuthenticated: true };
      convexMock.changed();
    });
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();

    act(() => {
      convexMock.signedInAs(client);
      convexMock.changed();
    });
    await expectPageShown(router, "/dashboard");
    expect(visits).toEqual([]);
  });

  it("say the account type could not be checked when the account cannot be read, and show no page", async () => {
    convexMock.auth = { isLoading: false, isAuthenticated: true };
    convexMock.queries.set("users:viewer", new Error("connessione persa"));
    const router = await open("/dashboard");
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossibile verificare il tipo di account");
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    expect(where(router)).toBe("/dashboard");
  });

  it("send a person whose session ends elsewhere to the login page, with a way back", async () => {
    convexMock.signedInAs(client);
    const router = await open("/settings");
    await expectPageShown(router, "/settings");
    act(() => {
      convexMock.signedOut();
      convexMock.changed();
    });
    await waitFor(() => expect(where(router)).toBe("/login?redirect=%2Fsettings"));
  });

  it("take a person deleting their account home, never through the login page", async () => {
    convexMock.signedInAs(client);
    // The server ends the session while the deletion's answer is still on its way.
    convexMock.handlers.set("users:deleteMyAccount", async () => {
      await Promise.resolve();
      act(() => {
        convexMock.signedOut();
        convexMock.changed();
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      return null;
    });
    const router = await open("/settings");
    await expectPageShown(router, "/settings");
    const visits = visitsOf(router);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Elimina account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Sei sicuro?" });
    await user.click(within(dialog).getByRole("button", { name: "Elimina definitivamente" }));
    await waitFor(() => expect(where(router)).toBe("/"));
    expect(visits.filter((place) => place.startsWith("/login"))).toEqual([]);
  });
});
