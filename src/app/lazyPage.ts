import type { ComponentType } from "react";
import type { DataRouter } from "react-router-dom";

/**
 * A route's `lazy`: loads a page's module on first visit, so the first load carries only the shell and
 * the home page (one bundle of every feature was over 800 kB).
 */
export function lazyPage<Module extends Record<string, unknown>>(load: () => Promise<Module>, name: keyof Module & string) {
  return async () => {
    const module = (await load()) as Module | undefined;
    // No module: its file failed and reloadOnStaleCode.ts is loading the page afresh. Waiting keeps the
    // placeholder (or the previous page) on screen until then, instead of flashing the error page.
    if (module === undefined) return new Promise<never>(() => undefined);
    return { Component: module[name] as ComponentType };
  };
}

/** How long the first render waits for its page's code before drawing the placeholder instead. */
const FIRST_PAGE_CODE_WAIT_MS = 3_000;

/**
 * Resolves once the router has the code of the page the visit opens on (its chunk is already on its way: the
 * server names it for preloading), or after `waitMs`: the first render then draws the page itself rather than
 * the placeholder and then the page. A page the server rendered waits however long it takes (`Infinity`):
 * its markup is on screen meanwhile, and is taken over only by the page's own code.
 */
export function firstPageReady(router: Pick<DataRouter, "state" | "subscribe">, waitMs = FIRST_PAGE_CODE_WAIT_MS): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = Number.isFinite(waitMs) ? setTimeout(done, waitMs) : undefined;
    const stop = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
