// A page's code that never arrives or fails to arrive, with the app's own route table: the visitor is
// told in Italian and offered a way out, never left on a spinner or an English developer error.
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SLOW_PAGE_MS } from "@/app/layout/PageLoading";
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

beforeEach(() => convexMock.reset());
afterEach(() => vi.useRealTimers());

describe("a page whose code is slow or missing", () => {
  it("shows the spinner at first, then says it is taking long and offers to try again, still waiting", async () => {
    vi.useFakeTimers();
    const router = renderRoutes(routes, { path: "/contact" });
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Riprova" })).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(SLOW_PAGE_MS - 1));
    expect(screen.queryByText(/più del previsto/)).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toHaveTextContent("La pagina sta impiegando più del previsto a caricarsi. Controlla la connessione.");
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
});
