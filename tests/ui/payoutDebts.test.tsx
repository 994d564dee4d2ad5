// docs/product-rules.md, "Payouts": money owed back after the weekly payout, on the admin's 'Pagamenti'
// (who owes, how much, since when, how it is recovered) and in the psychic's 'Guadagni'.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Id } from "@convex/_generated/dataModel";
import { PayoutDebts, debtWords } from "@/features/admin/dashboard/PayoutDebts";
import { DebtNotice } from "@/features/psychic/earnings/DebtNotice";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

const since = Date.UTC(2026, 10, 16, 10, 0);

describe("a dispute after the weekly payout", () => {
  it("shows the admin who owes money back, since when, and how it is recovered", () => {
    renderWithProviders(<PayoutDebts debts={[{ psychicUserId: "u1" as Id<"users">, psychicName: "Selene", owedCents: 4250, since }]} more={false} />);
    const row = screen.getByRole("row", { name: /Selene/ });
    expect(row).toHaveTextContent(/42,50\s€/);
    expect(within(row).getByText("16/11/2026")).toBeInTheDocument();
    expect(screen.getByText(debtWords.how)).toBeInTheDocument();
  });

  it("says when nobody owes anything", () => {
    renderWithProviders(<PayoutDebts debts={[]} more={false} />);
    expect(screen.getByText(debtWords.empty)).toBeInTheDocument();
  });

  it("tells the psychic in 'Guadagni' what they owe and that the next transfers recover it, and nothing when they owe nothing", () => {
    convexMock.queries.set("payoutDebts:mine", { owedCents: 4250, since });
    const { unmount } = renderWithProviders(<DebtNotice />);
    expect(screen.getByRole("status")).toHaveTextContent(/Da restituire 42,50\s€.*Sarà recuperato dai prossimi trasferimenti\./);
    unmount();
    convexMock.queries.set("payoutDebts:mine", null);
    renderWithProviders(<DebtNotice />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
