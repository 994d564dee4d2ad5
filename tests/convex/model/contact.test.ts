// The contact form's rules (convex/model/contact.ts): text as stored, and statuses that only move forward.
import { describe, expect, it } from "vitest";
import { canMoveMessage, CATEGORY_LABELS, cleanText, CONTACT_LIMITS } from "../../../convex/model/contact";
import { contactCategory } from "../../../convex/lib/validators";

describe("text as stored", () => {
  it("trimmed, inner spacing kept; blank or over the limit is refused", () => {
    expect(cleanText("  Buongiorno,\n\n  vorrei sapere…  ", CONTACT_LIMITS.message)).toBe("Buongiorno,\n\n  vorrei sapere…");
    expect(cleanText("   ", CONTACT_LIMITS.subject)).toBeNull();
    expect(cleanText("a".repeat(CONTACT_LIMITS.subject), CONTACT_LIMITS.subject)).toHaveLength(CONTACT_LIMITS.subject);
    expect(cleanText("a".repeat(CONTACT_LIMITS.subject + 1), CONTACT_LIMITS.subject)).toBeNull();
  });
});

describe("a message's status", () => {
  it("moves forward only: unread → read → replied", () => {
    expect(canMoveMessage("unread", "read")).toBe(true);
    expect(canMoveMessage("unread", "replied")).toBe(true);
    expect(canMoveMessage("read", "replied")).toBe(true);
    expect(canMoveMessage("read", "unread")).toBe(false);
    expect(canMoveMessage("replied", "read")).toBe(false);
    expect(canMoveMessage("read", "read")).toBe(false);
  });

  it("every category has its Italian name", () => {
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual(contactCategory.members.map((member) => member.value).sort());
    expect(CATEGORY_LABELS.technical).toBe("Supporto Tecnico");
  });
});
