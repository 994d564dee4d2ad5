import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  // The same name as the counter component's table: each component's tables are its own.
  counters: defineTable({ name: v.string(), value: v.number() }).index("by_name", ["name"]),
  notes: defineTable({ text: v.string() }),
  attempts: defineTable({ key: v.string() }).index("by_key", ["key"]),
});
