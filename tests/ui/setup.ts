import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { mediaQueryList } from "./mediaQuery";

afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s, not 1 s: a lazy chunk's first import took longer on a loaded two-core machine
// (the monthly chart, in a full run beside other work); a real failure still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

// The test DOM may lack these; Radix Themes and our layout call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}
window.scrollTo = () => {};
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
