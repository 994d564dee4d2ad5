import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Footer } from "@/app/layout/Footer";
import { copyrightLine } from "@/app/layout/footerYear";
import { renderWithProviders } from "./render";

describe("the footer", () => {
  it("writes the year it is given in the copyright line, in Rome", () => {
    expect(copyrightLine(Date.parse("2031-06-01T12:00:00Z"))).toBe("© 2031 Arcano. Tutti i diritti riservati.");
    // Already the new year in Rome, not yet in London.
    expect(copyrightLine(Date.parse("2031-12-31T23:30:00Z"))).toBe("© 2032 Arcano. Tutti i diritti riservati.");
  });

  it("shows the current year, the three columns and the admin link", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2029-03-15T10:00:00Z"));
    try {
      renderWithProviders(<Footer />);
      expect(screen.getByText("© 2029 Arcano. Tutti i diritti riservati.")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    for (const column of ["Per i cartomanti", "Per i clienti", "Informazioni"]) {
      expect(screen.getByRole("heading", { name: column })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Area amministratori" })).toHaveAttribute("href", "/admin-login");
  });
});
