import { romeDateOf } from "@convex/framework/time";

/**
 * The footer's copyright line, with the year of `nowMs` in Rome (the app's time everywhere): the same on the
 * server that renders a page and in any browser that takes it over, whatever their time zones.
 */
export function copyrightLine(nowMs: number = Date.now()): string {
  return `© ${romeDateOf(nowMs).slice(0, 4)} Arcano. Tutti i diritti riservati.`;
}
