// The contact form's rules (convex/model/contact.ts): text as stored at its limits, statuses that only move forward, the Italian labels.
import { describe, expect, it } from "vitest";
import { canMoveMessage, CATEGORY_LABELS, cleanText, CONTACT_LIMITS, USER_TYPE_LABELS } from "../../../convex/model/contact";
import { contactCategory, type ContactStatus } from "../../../convex/framework/validators";

describe("text as stored", () => {
  it("trimmed, inner spacing kept; blank or over the limit is refused", () => {
    expect(cleanText("  Buongiorno,\n\n  vorrei sapere…  ", CONTACT_LIMITS.message)).toBe("Buongiorno,\n\n  vorrei sapere…");
    expect(cleanText("   ", CONTACT_LIMITS.subject)).toBeNull();
    expect(cleanText("a".repeat(CONTACT_LIMITS.subject), CONTACT_LIMITS.subject)).toHaveLength(CONTACT_LIMITS.subject);
    expect(cleanText("a".repeat(CONTACT_LIMITS.subject + 1), CONTACT_LIMITS.subject)).toBeNull();
  });

  it("each field at exactly its limit is kept, one character more is refused", () => {
    for (const max of [CONTACT_LIMITS.name, CONTACT_LIMITS.subject, CONTACT_LIMITS.message]) {
      expect(cleanText("x".repeat(max), max)).toBe("x".repeat(max));
      expect(cleanText("x".repeat(max + 1), max)).toBeNull();
    }
  });

  it("the limit counts the text after trimming, so surrounding blanks never push it over", () => {
    const max = CONTACT_LIMITS.name;
    expect(cleanText(`  \n${"x".repeat(max)}\t `, max)).toBe("x".repeat(max));
  });

  it("blank made of newlines and tabs is refused too", () => {
    expect(cleanText("\n\t \n", CONTACT_LIMITS.message)).toBeNull();
    expect(cleanText("", CONTACT_LIMITS.message)).toBeNull();
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

  it("staying put is never a move, and a replied message moves nowhere", () => {
    const statuses: ContactStatus[] = ["unread", "read", "replied"];
    for (const status of statuses) expect(canMoveMessage(status, status)).toBe(false);
    expect(canMoveMessage("replied", "unread")).toBe(false);
    expect(statuses.filter((to) => canMoveMessage("replied", to))).toEqual([]);
  });
});

describe("labels", () => {
  it("every category has its Italian name", () => {
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual(contactCategory.members.map((member) => member.value).sort());
    expect(CATEGORY_LABELS.technical).toBe("Supporto Tecnico");
  });

  it("the categories read as docs/product-rules.md names them", () => {
    expect(CATEGORY_LABELS).toEqual({
      general: "Generale",
      booking: "Prenotazioni",
      payment: "Pagamenti",
      technical: "Supporto Tecnico",
      psychic: "Cartomanti",
      account: "Account",
      feedback: "Feedback",
      other: "Altro",
      report: "Segnalazione",
    });
  });

  it("the sender is a client or a psychic, in Italian", () => {
    expect(USER_TYPE_LABELS).toEqual({ client: "Cliente", psychic: "Cartomante" });
  });
});
