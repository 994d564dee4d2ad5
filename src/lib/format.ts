/** Italian formatting of money, ratings and text, shared by every feature. */

const euroFormatter = new Intl.NumberFormat("it-IT", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** An amount in euro written the Italian way ("25 €", "12,50 €"). */
export function formatEuro(amount: number): string {
  return euroFormatter.format(amount);
}

/** One decimal with an Italian comma: 4.5 → "4,5". */
export function formatRating(rating: number): string {
  return rating.toLocaleString("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Cuts text at a word boundary to at most `max` characters, adding an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
