import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Header } from "@/app/layout/Header";
import { toast } from "@/components/toast";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

const person = (fields: Record<string, unknown>) => ({
  id: "u1",
  fullName: "Giulia Verdi",
  email: "giulia@esempio.it",
  accountType: "client",
  memberSince: 0,
  isAdmin: false,
  ...fields,
});

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

function renderHeader() {
  return renderWithProviders(
    <>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path: "/about" },
  );
}

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the header's account area", () => {
  it("shows a placeholder, neither Accedi nor a greeting, while the session loads", () => {
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    renderHeader();
    expect(screen.getByLabelText("Caricamento dell'account")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Accedi" })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Ciao,/)).not.toBeInTheDocument();
  });

  it("greets a client by name, with the client dashboard and the browsing links", () => {
    convexMock.signedInAs(person({}));
    renderHeader();
    expect(screen.getByText("Ciao, Giulia Verdi")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Cartomanti" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Come Funziona" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Accedi" })).not.toBeInTheDocument();
  });

  it("greets by email when there is no name, and sends an admin to the admin dashboard", () => {
    convexMock.signedInAs(person({ fullName: null, email: "capo@arcano.it", accountType: null, isAdmin: true }));
    renderHeader();
    expect(screen.getByText("Ciao, capo@arcano.it")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pannello admin" })).toHaveAttribute("href", "/admin-dashboard");
  });

  it("shows an admin the inbox link with the live unread count", () => {
    convexMock.signedInAs(person({ email: "capo@arcano.it", accountType: null, isAdmin: true }));
    convexMock.queries.set("admin:unreadMessageCount", 3);
    renderHeader();
    expect(screen.getByRole("link", { name: "Messaggi, 3 non letti" })).toHaveAttribute("href", "/admin/messages");
    convexMock.queries.set("admin:unreadMessageCount", 0);
    act(() => convexMock.changed());
    expect(screen.getByRole("link", { name: "Messaggi" })).toHaveAttribute("href", "/admin/messages");
  });

  it("gives a psychic their dashboard and hides the client links", () => {
    convexMock.signedInAs(person({ accountType: "psychic" }));
    renderHeader();
    expect(screen.getByRole("link", { name: "Dashboard Cartomante" })).toHaveAttribute("href", "/psychic-dashboard");
    expect(screen.queryByRole("link", { name: "Cartomanti" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Come Funziona" })).not.toBeInTheDocument();
  });

  it("has the same items in the mobile menu", async () => {
    convexMock.signedInAs(person({ accountType: "psychic" }));
    renderHeader();
    await userEvent.setup().click(screen.getByRole("button", { name: "Apri il menu" }));
    const menu = screen.getByRole("navigation", { name: "Menu mobile" });
    expect(menu).toHaveTextContent("Ciao, Giulia Verdi");
    expect(menu).toHaveTextContent("Dashboard Cartomante");
    expect(menu).toHaveTextContent("Esci");
    expect(menu).not.toHaveTextContent("Cartomanti");
  });

  it("signs out to the home page with 'Disconnesso'", async () => {
    convexMock.signedInAs(person({}));
    renderHeader();
    await userEvent.setup().click(screen.getAllByRole("button", { name: "Esci" })[0]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Disconnesso", "Hai effettuato il logout con successo."));
    expect(screen.getByText("at /")).toBeInTheDocument();
  });

  it("counts a missing session as signed out, and reports any other failure", async () => {
    convexMock.signedInAs(person({}));
    convexMock.signOut.mockRejectedValueOnce(new Error("Auth session missing!"));
    renderHeader();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: "Esci" })[0]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Disconnesso", "Hai effettuato il logout con successo."));

    convexMock.signOut.mockRejectedValueOnce(new Error("storage full"));
    await user.click(screen.getAllByRole("button", { name: "Esci" })[0]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Errore durante il logout."));
  });
});
