import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SiteSearch } from "@/app/layout/SiteSearch";
import { renderWithProviders } from "./render";

describe("the site search dialog", () => {
  it("opens from its button with all pages, filters, and shows the empty message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteSearch />);
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    const input = screen.getByPlaceholderText("Cerca pagine, informazioni...");
    expect(screen.getAllByRole("option")).toHaveLength(10);
    await user.type(input, "contatta");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("Nessun risultato trovato")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "supporto");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "ContattiScrivi al nostro team di supporto",
    ]);
  });
});
