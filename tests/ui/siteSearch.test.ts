import { describe, expect, it } from "vitest";
import { filterSiteSearch, siteSearchItems } from "@/app/layout/siteSearch";

describe("the site search filter", () => {
  it("shows every page for an empty or blank query", () => {
    expect(filterSiteSearch("")).toHaveLength(10);
    expect(filterSiteSearch("   ")).toEqual(siteSearchItems);
  });

  it("matches the title case-insensitively", () => {
    expect(filterSiteSearch("PRIVACY").map((item) => item.path)).toEqual(["/privacy"]);
  });

  it("matches the description too", () => {
    expect(filterSiteSearch("verificati").map((item) => item.path)).toEqual(["/psychics"]);
  });

  it("matches a substring in the middle of a word", () => {
    expect(filterSiteSearch("carto").map((item) => item.path)).toEqual(["/psychics", "/register?type=psychic"]);
  });

  it("returns nothing when no page matches", () => {
    expect(filterSiteSearch("xyzzy")).toEqual([]);
  });

  it("lists the spec's ten entries with their paths", () => {
    expect(siteSearchItems.map((item) => item.path)).toEqual([
      "/about",
      "/privacy",
      "/terms",
      "/how-it-works",
      "/faq",
      "/contact",
      "/psychics",
      "/register?type=psychic",
      "/login",
      "/register",
    ]);
  });
});
