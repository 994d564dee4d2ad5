// The placeholder while a page's code or the account loads: the page's shape, not a lone spinner.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FirstPageLoading, PageLoading } from "@/app/layout/PageLoading";
import { renderWithProviders } from "./render";

describe("the page placeholder", () => {
  it("draws a title, lines and cards in skeletons, as tall as the screen so the footer stays below the fold", () => {
    renderWithProviders(<PageLoading />);
    const placeholder = screen.getByLabelText("Caricamento");
    expect(placeholder).toHaveAttribute("aria-busy", "true");
    expect(placeholder).toHaveClass("page-loading");
    expect(placeholder.querySelectorAll(".rt-Skeleton").length).toBeGreaterThanOrEqual(6);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("keeps the header's place on the first load, before the layout exists", () => {
    const { container } = renderWithProviders(<FirstPageLoading />);
    expect(container.querySelector(".site-header.page-loading-header")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByLabelText("Caricamento")).toBeInTheDocument();
  });
});
