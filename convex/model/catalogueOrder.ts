// The orders of the public list (docs/product-rules.md, "Catalogue and search") and the words that name the
// one used on the page, as the Omnibus rules want the ranking criterion stated. Pure: the server sorts with
// these and the page, which sorts the same answer again as a person changes the order, names them.
import type { FirstFree } from "./nextAvailability";
import { compareForList, type RankedProfile } from "./psychicFigures";

export const listOrders = ["rating", "soonest", "price"] as const;
export type ListOrder = (typeof listOrders)[number];
export const DEFAULT_ORDER: ListOrder = "rating";

/** 'Ordinati per: …' and the order's choice in the menu. */
export const ORDER_LABELS: Record<ListOrder, string> = {
  rating: "valutazione",
  soonest: "prima disponibilità",
  price: "prezzo più basso",
};

/** What each order means, said under 'Ordinati per'. */
export const ORDER_EXPLAINED: Record<ListOrder, string> = {
  rating: "prima chi accetta consulti, poi la valutazione media dei clienti e il numero di recensioni.",
  soonest: "prima chi ha l'orario libero più vicino; chi non ne ha nei prossimi giorni viene dopo, per valutazione.",
  price: "dal prezzo di partenza al minuto più basso; chi non accetta consulti viene dopo. A parità, per valutazione.",
};

export function isListOrder(value: string | null | undefined): value is ListOrder {
  return (listOrders as readonly string[]).includes(value ?? "");
}

/** A card as the orders read it; a card says no rating with null, which the default order reads as none. */
export type OrderedCard = Omit<RankedProfile, "rating"> & {
  rating?: number | null;
  minPriceCents: number;
  minDurationMinutes: number;
  firstFree?: FirstFree | null;
};

const byRating = (a: OrderedCard, b: OrderedCard) => compareForList(a as RankedProfile, b as RankedProfile);

/** Cents a minute of the card's starting price, so 25 €/15 min and 30 €/30 min compare fairly. */
export function centsPerMinute(card: Pick<OrderedCard, "minPriceCents" | "minDurationMinutes">): number {
  return Math.round(card.minPriceCents / card.minDurationMinutes);
}

/** "YYYY-MM-DD HH:MM" sorts as time does (compared by code unit); none free soon sorts after every time. */
const freeKey = (card: OrderedCard) => (card.firstFree ? `${card.firstFree.date} ${card.firstFree.time}` : "~");
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const COMPARE: Record<ListOrder, (a: OrderedCard, b: OrderedCard) => number> = {
  rating: byRating,
  soonest: (a, b) => byCodeUnit(freeKey(a), freeKey(b)) || byRating(a, b),
  price: (a, b) =>
    (a.isAvailable === b.isAvailable ? 0 : a.isAvailable ? -1 : 1) || centsPerMinute(a) - centsPerMinute(b) || byRating(a, b),
};

/** The cards in `order`, a new array; ties fall back to the default order (rating), then the name. */
export function sortForList<Card extends OrderedCard>(cards: readonly Card[], order: ListOrder = DEFAULT_ORDER): Card[] {
  return [...cards].sort(COMPARE[order]);
}
