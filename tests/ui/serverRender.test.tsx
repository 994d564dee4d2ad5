// A page rendered on the server is taken over in the browser (hydration) from what the server rendered with: the
// answers sent with the page and the server's clock. The browser's first render must give the same markup however
// much later it runs and whatever the device kept; the device's answers and the clock come just after.
import { act, render, screen } from "@testing-library/react";
import { StrictMode, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepPageAnswers, rememberAnswer, resetCacheForTests, type CachedEntry } from "@/lib/offline/queryCache";
import { useCachedEntry } from "@/lib/offline/useCachedQuery";
import { ServerRenderContext, type ServerRender } from "@/lib/render/serverRender";
import { useNow } from "@/lib/time/useNow";
import { useRoundedNow } from "@/lib/time/useRoundedNow";

const KEY = "public|psychics:listFeatured:{}";
const RENDERED_AT = Date.parse("2026-11-30T10:03:00Z");

function Probe() {
  const rounded = useRoundedNow();
  const minute = useNow();
  const entry = useCachedEntry(KEY);
  return <p>{`${new Date(rounded).toISOString()} | ${new Date(minute).toISOString()} | ${String(entry?.value ?? "nulla")}`}</p>;
}

const page = (serverRender: ServerRender, children: ReactNode = <Probe />) => (
  <StrictMode>
    <ServerRenderContext.Provider value={serverRender}>{children}</ServerRenderContext.Provider>
  </StrictMode>
);

afterEach(() => {
  vi.useRealTimers();
  resetCacheForTests(null);
  document.body.innerHTML = "";
});

describe("a page rendered on the server", () => {
  it("is taken over without a difference, 7 minutes later, with other answers on the device; then shows those and the clock", async () => {
    const sent: CachedEntry = { value: "dal server", savedAt: RENDERED_AT, withPage: true };
    const serverRender: ServerRender = { views: new Map([[KEY, sent]]), now: RENDERED_AT };
    const markup = renderToString(page(serverRender));
    expect(markup).toContain("2026-11-30T10:00:00.000Z | 2026-11-30T10:03:00.000Z | dal server");

    // The browser runs later, in another 5-minute step, and a newer answer is already in memory.
    vi.useFakeTimers({ now: RENDERED_AT + 7 * 60_000, toFake: ["Date"] });
    keepPageAnswers([[KEY, sent]]);
    rememberAnswer(KEY, "dal dispositivo");
    const container = document.createElement("div");
    container.innerHTML = markup;
    document.body.append(container);
    const paragraph = container.querySelector("p");
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(serverRender), { onRecoverableError: (error) => errors.push(error) });
    });

    // No mismatch, the server's element kept, and right after the first render the live values.
    expect(errors).toEqual([]);
    expect(container.querySelector("p")).toBe(paragraph);
    expect(paragraph?.textContent).toBe("2026-11-30T10:10:00.000Z | 2026-11-30T10:10:00.000Z | dal dispositivo");
  });

  it("without a server render (a static host, the service worker's page) the hooks read the device and the clock at once", () => {
    vi.useFakeTimers({ now: RENDERED_AT, toFake: ["Date"] });
    rememberAnswer(KEY, "dal dispositivo");
    render(<Probe />);
    expect(screen.getByText("2026-11-30T10:00:00.000Z | 2026-11-30T10:03:00.000Z | dal dispositivo")).toBeDefined();
  });
});
