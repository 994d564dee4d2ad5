import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { AdminLoginPage } from "@/features/admin/AdminLoginPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

const elsewhere = ["/admin-dashboard", "/reset-password"];
const failWith = (code: string) => new ConvexError({ code });

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email aziendale"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Accedi" }));
}

describe("the admin login page", () => {
  it("sends a signed-in admin straight to the admin dashboard", () => {
    convexMock.signedInAs({ id: "a1", fullName: "Capo", email: "capo@arcano.it", accountType: null, memberSince: 0, isAdmin: true });
    renderRoute(<AdminLoginPage />, { path: "/admin-login", elsewhere });
    expect(screen.getByText("at /admin-dashboard")).toBeInTheDocument();
  });

  it("requires email and password", async () => {
    renderRoute(<AdminLoginPage />, { path: "/admin-login", elsewhere });
    await submit("", "");
    expect(screen.getByText("Email richiesta")).toBeInTheDocument();
    expect(screen.getByText("Password richiesta")).toBeInTheDocument();
    expect(convexMock.signIn).not.toHaveBeenCalled();
  });

  it("signs in through the admin flow and shows the catalogue's failures", async () => {
    renderRoute(<AdminLoginPage />, { path: "/admin-login", elsewhere });
    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_ADMIN_EMAIL"));
    await submit("giulia@esempio.it", "segreta");
    expect(convexMock.signIn).toHaveBeenCalledWith("password", {
      flow: "signIn",
      email: "giulia@esempio.it",
      password: "segreta",
      adminLogin: true,
    });
    expect(await screen.findByText("Email non valida")).toBeInTheDocument();

    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_CREDENTIALS"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Accedi" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Email o password errati", "Credenziali non valide"));

    convexMock.signIn.mockRejectedValueOnce(new Error("boom"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Accedi" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Si è verificato un errore imprevisto. Riprova.", "Errore durante l'accesso"),
    );
  });

  it("signs out with 'Accesso negato' when the server's admin check says no", async () => {
    // The sign-in succeeds, but the account has no admin grant.
    convexMock.signedInAs({ id: "u1", fullName: "Finto", email: "finto@arcano.it", accountType: null, memberSince: 0, isAdmin: false });
    renderRoute(<AdminLoginPage />, { path: "/admin-login", elsewhere });
    expect(convexMock.signOut).not.toHaveBeenCalled();
    await submit("finto@arcano.it", "segreta");
    await waitFor(() => expect(convexMock.signOut).toHaveBeenCalled());
    expect(toast.error).toHaveBeenCalledWith("Non hai i permessi di amministratore.", "Accesso negato");
    expect(screen.queryByText("at /admin-dashboard")).not.toBeInTheDocument();
  });

  it("requests a reset code for the typed admin address, with the spec's messages", async () => {
    const user = userEvent.setup();
    renderRoute(<AdminLoginPage />, { path: "/admin-login", elsewhere });
    const reset = screen.getByRole("button", { name: /Password dimenticata/ });
    await user.click(reset);
    expect(toast.error).toHaveBeenCalledWith("Email richiesta");
    expect(convexMock.signIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Email aziendale"), "giulia@esempio.it");
    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_ADMIN_EMAIL"));
    await user.click(reset);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Email non valida"));

    convexMock.signIn.mockRejectedValueOnce(new Error("network"));
    await user.click(reset);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile inviare l'email di reset", "Errore di connessione"));

    await user.clear(screen.getByLabelText("Email aziendale"));
    await user.type(screen.getByLabelText("Email aziendale"), "capo@arcano.it");
    await user.click(reset);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Email inviata", expect.any(String)));
    expect(convexMock.signIn).toHaveBeenLastCalledWith("password", { flow: "reset", email: "capo@arcano.it", adminLogin: true });
    // The page moves on after the toast, on its own turn of the event loop.
    expect(await screen.findByText("at /reset-password")).toBeInTheDocument();
  });
});
