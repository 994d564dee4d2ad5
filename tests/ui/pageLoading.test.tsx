// A page's code that never arrives or fails to arrive, with the app's own route table: the visitor is
// told in Italian and offered a way out, never left on a spinner or an English developer error.
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageLoading, SLOW_PAGE_MS } from "@/app/layout/PageLoading";
import { RouteError } from "@/app/layout/RouteError";
import { lazyPage } from "@/app/lazyPage";
import { openNextPageAfresh, reloadOnceOnStaleCode } from "@/app/reloadOnStaleCode";
import { routes } from "@/app/router";
import { convexMock } from "./convexMock";
import { renderRoutes } from "./render";

vi.mock("convex/react", async () => (await import("./convexMock")).convexReactMock);
vi.mock("@convex-dev/auth/react", async () => (await import("./convexMock")).authReactMock);
// The contact page's code hangs (a request that is never answered); the about page's fails (a dropped
// connection, or a file a new release replaced).
vi.mock("@/features/contact/ContactPage", () => new Promise(() => undefined));
vi.mock("@/features/static/AboutPage", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/AboutPage-old.js");
});

beforeEach(() => {
  convexMock.reset();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

const slowMessage = "La pagina sta impiegando più del previsto a caricarsi. Controlla la connessione.";

describe("a page whose code is slow or missing", () => {
  it("shows the spinner at first, then says it is taking long and offers to try again, still waiting", async () => {
    vi.useFakeTimers();
    const router = renderRoutes(routes, { path: "/contact" });
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Riprova" })).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(SLOW_PAGE_MS - 1));
    expect(screen.queryByText(/più del previsto/)).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toHaveTextContent(slowMessage);
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    expect(screen.getByLabelText("Caricamento")).toHaveAttribute("aria-busy", "true");
    expect(router.state.initialized).toBe(false);
  });

  it("shows an Italian error page with 'Riprova' and a way home when the code fails, inside the header and footer", async () => {
    renderRoutes(routes, { path: "/about" });
    expect(await screen.findByRole("heading", { level: 1, name: "Impossibile caricare la pagina" })).toBeInTheDocument();
    expect(screen.getByText(/Controlla la connessione e riprova/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Caricamento")).not.toBeInTheDocument());
  });

  it("keeps the current page on a link to a slow page, shows a bar, then says it is taking long", async () => {
    vi.useFakeTimers();
    const router = renderRoutes(routes, { path: "/" });
    const bar = () => screen.queryByRole("progressbar", { name: "Apertura della pagina in corso" });
    // Not awaited: the contact page's code never arrives.
    act(() => void router.navigate("/contact"));
    expect(router.state.navigation.state).toBe("loading");
    await act(async () => vi.advanceTimersByTime(399));
    expect(bar()).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(bar()).toBeInTheDocument();
    expect(screen.queryByText(slowMessage)).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(SLOW_PAGE_MS));
    expect(screen.getByText(slowMessage)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    // Still the home page underneath, still on its way to /contact.
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { level: 1, name: "Il consulto di cartomanzia, quando vuoi tu" })).toBeInTheDocument();
  });
});

describe("a page's code that a new release replaced", () => {
  it("reloads once, at the address the visitor was going to; a second failure within a minute is left to the error page", async () => {
    const router = renderRoutes(routes, { path: "/" });
    const open = vi.fn();
    const stop = reloadOnceOnStaleCode(router, open);
    try {
      act(() => void router.navigate("/contact"));
      const failed = () => window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
      // dispatchEvent answers false when the listener prevented Vite from throwing.
      expect(failed()).toBe(false);
      expect(open).toHaveBeenCalledExactlyOnceWith(new URL("/contact", window.location.href).href);
      expect(failed()).toBe(true);
      expect(open).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("once a new release has taken over, the next page opened is a new page load at its address; a query string change is not", async () => {
    const router = renderRoutes(routes, { path: "/psychics" });
    const open = vi.fn();
    const stop = openNextPageAfresh(router, open);
    try {
      await act(() => router.navigate("/psychics?q=tarocchi"));
      expect(open).not.toHaveBeenCalled();
      act(() => void router.navigate("/contact"));
      expect(open).toHaveBeenCalledExactlyOnceWith(new URL("/contact", window.location.href).href);
      act(() => void router.navigate("/"));
      expect(open).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("keeps the placeholder, not the error page, while that reload is on its way", async () => {
    vi.useFakeTimers();
    // What Vite's import gives once the listener prevented its error: no module.
    const reloading = () => Promise.resolve(undefined as unknown as { Page: () => null });
    renderRoutes([{ path: "/", HydrateFallback: PageLoading, ErrorBoundary: RouteError, lazy: lazyPage(reloading, "Page") }], { path: "/" });
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Impossibile caricare la pagina" })).not.toBeInTheDocument();
  });
});
