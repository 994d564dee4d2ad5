/** The footer's copyright line, with the year of `now` (the current year in the app). */
export function copyrightLine(now: Date = new Date()): string {
  return `© ${now.getFullYear()} Arcano. Tutti i diritti riservati.`;
}
