import type { ComponentType } from "react";

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
