import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TopicTiles } from "@/features/home/TopicTiles";
import { renderWithProviders } from "./render";

describe("the home page's topics", () => {
  it("are a tile per 'Ambito di consulto', each opening the list filtered by it", () => {
    renderWithProviders(<TopicTiles />);
    const section = within(screen.getByRole("region", { name: "Di cosa vuoi parlare?" }));
    const links = section.getAllByRole("link");
    expect(links).toHaveLength(8);
    expect(section.getByRole("link", { name: /Denaro e Finanze/ })).toHaveAttribute("href", "/psychics?topic=Denaro+e+Finanze");
    expect(section.getByRole("link", { name: /Amore e Relazioni/ })).toHaveAttribute("href", "/psychics?topic=Amore+e+Relazioni");
  });
});
