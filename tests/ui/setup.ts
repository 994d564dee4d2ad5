import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { mediaQueryList } from "./mediaQuery";

afterEach(() => cleanup());

// jsdom lacks these; Radix Themes and our layout call them.
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
