import { defineComponent } from "convex/server";
import { v } from "convex/values";

export default defineComponent("counter", { env: { GREETING: v.optional(v.string()) } });
