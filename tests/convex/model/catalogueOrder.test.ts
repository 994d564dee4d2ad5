// The public list's orders (convex/model/catalogueOrder.ts) and the words that name them.
import { describe, expect, it } from "vitest";
import { centsPerMinute, isListOrder, listOrders, ORDER_EXPLAINED, ORDER_LABELS, sortForList } from "../../../convex/model/catalogueOrder";

const card = (psychicName: string, extra: Partial<Parameters<typeof sortForList>[0][number]> = {}) => ({
  psychicName,
  isAvailable: true,
  rating: 4,
  reviewCount: 3,
  minPriceCents: 3000,
  minDurationMinutes: 30,
  firstFree: null,
  ...extra,
});
const names = (cards: Array<{ psychicName: string }>) => cards.map((one) => one.psychicName);

describe("the list's orders", () => {
  it("by rating (the default): taking consultations first, then the higher rating; no rating reads as none", () => {
    const cards = [card("Ada", { rating: null }), card("Bea", { rating: 4.8 }), card("Cleo", { isAvailable: false, rating: 5 })];
    expect(names(sortForList(cards))).toEqual(["Bea", "Ada", "Cleo"]);
    expect(names(sortForList(cards, "rating"))).toEqual(["Bea", "Ada", "Cleo"]);
  });

  it("by soonest free time: the nearest day and time first, none free soon last, ties by rating", () => {
    const cards = [
      card("Ada", { firstFree: { date: "2026-11-29", time: "10:00" } }),
      card("Bea", { firstFree: null, rating: 5 }),
      card("Cleo", { firstFree: { date: "2026-11-28", time: "18:30" } }),
      card("Dora", { firstFree: { date: "2026-11-29", time: "10:00" }, rating: 4.5 }),
    ];
    expect(names(sortForList(cards, "soonest"))).toEqual(["Cleo", "Dora", "Ada", "Bea"]);
  });

  it("by price: the lowest starting price a minute first, psychics not taking consultations after", () => {
    const cards = [
      card("Ada", { minPriceCents: 3000, minDurationMinutes: 30 }),
      card("Bea", { minPriceCents: 2500, minDurationMinutes: 15 }),
      card("Cleo", { minPriceCents: 1000, minDurationMinutes: 15, isAvailable: false }),
      card("Dora", { minPriceCents: 2000, minDurationMinutes: 30 }),
    ];
    expect(names(sortForList(cards, "price"))).toEqual(["Dora", "Ada", "Bea", "Cleo"]);
    expect(centsPerMinute({ minPriceCents: 2500, minDurationMinutes: 15 })).toBe(167);
  });

  it("sorting leaves the cards given as they were", () => {
    const cards = [card("Bea", { rating: 3 }), card("Ada", { rating: 5 })];
    sortForList(cards, "rating");
    expect(names(cards)).toEqual(["Bea", "Ada"]);
  });

  it("every order is named and explained in Italian, and only those are orders", () => {
    for (const order of listOrders) {
      expect(ORDER_LABELS[order]).toBeTruthy();
      expect(ORDER_EXPLAINED[order]).toBeTruthy();
      expect(isListOrder(order)).toBe(true);
    }
    expect(isListOrder("name")).toBe(false);
    expect(isListOrder(null)).toBe(false);
  });
});
