// 'Scarica i tuoi dati': read part by part on each click (useConvex().query), a progress state saying how
// many consultations are read, the files made in the browser, the JSON downloaded as a Blob, both files
// offered as links; both settings pages show it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportPart } from "@convex/model/dataExportParts";
import { DataExportCard, dataExportErrorMessage } from "@/components/account/DataExportCard";
import { toast } from "@/components/toast";
import { PsychicSettingsPage } from "@/features/psychic/PsychicSettingsPage";
import { PrivacyPage } from "@/features/static/PrivacyPage";
import { paths } from "@/lib/paths";
import { ClientSettingsPage } from "@/features/client/settings/ClientSettingsPage";
import { convexMock } from "./convexMock";
import { renderRoute, renderWithProviders } from "./render";
import { captureDownloads } from "./downloads";

const exportedAt = Date.UTC(2026, 10, 27, 9, 0);
const booking = (id: string) => ({ _id: id, _creationTime: exportedAt, psychicName: "Selene", priceCents: 5000, status: "completed" });
/** The first part: the account and two bookings; the second, one more booking and the end. */
const firstPart: ExportPart = {
  exportedAt,
  rows: [
    { source: 0, rows: [{ _id: "u1", _creationTime: exportedAt, name: "Giulia Verdi", email: "giulia@esempio.it" }] },
    { source: 2, rows: [booking("b1"), booking("b2")] },
  ],
  next: { source: 2, value: 0, cursor: "pagina-2" },
};
const lastPart: ExportPart = { exportedAt: exportedAt + 1000, rows: [{ source: 2, rows: [booking("b3")] }], next: null };
const client = {
  id: "u1",
  fullName: "Giulia Verdi",
  email: "giulia@esempio.it",
  accountType: "client",
  memberSince: Date.UTC(2026, 0, 1),
  isAdmin: false,
};

let blobs: Blob[];
let downloads: string[];

beforeEach(() => {
  ({ blobs, downloads } = captureDownloads());
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the data export card", () => {
  it("reads the parts one after another, says how many consultations it has read, then downloads the JSON and offers both files", async () => {
    let answerLast: (value: ExportPart) => void = () => {};
    convexMock.handlers.set("dataExport:readPart", (args) =>
      (args as { from?: unknown }).from === undefined ? Promise.resolve(firstPart) : new Promise((resolve) => (answerLast = resolve)),
    );
    renderWithProviders(<DataExportCard />);
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Scarica i tuoi dati" });
    await user.click(button);

    expect(await screen.findByText("Stiamo preparando i tuoi dati… 2 consulti letti")).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(downloads).toEqual([]);

    answerLast(lastPart);
    await waitFor(() => expect(downloads).toEqual(["arcano-dati-2026-11-27.json blob:file-1"]));
    expect(convexMock.calls).toEqual([
      { name: "dataExport:readPart", args: {} },
      { name: "dataExport:readPart", args: { from: firstPart.next } },
    ]);
    expect(blobs.map((blob) => blob.type)).toEqual(["application/json;charset=utf-8", "text/html;charset=utf-8"]);
    const json = JSON.parse(await blobs[0].text()) as { esportatoIl: string; sezioni: Array<{ key: string; rows: Array<{ _id: string }> }> };
    expect(json.esportatoIl).toBe(new Date(exportedAt).toISOString());
    expect(json.sezioni.map((section) => [section.key, section.rows.map((row) => row._id)])).toEqual([
      ["account", ["u1"]],
      ["prenotazioni", ["b1", "b2", "b3"]],
    ]);
    expect(await blobs[1].text()).toContain("<h2>Prenotazioni e pagamenti</h2>");
    const status = screen.getByRole("status");
    expect(within(status).getByText(/I tuoi dati sono pronti/)).toBeInTheDocument();
    expect(within(status).getByRole("link", { name: "File JSON" })).toHaveAttribute("download", "arcano-dati-2026-11-27.json");
    expect(within(status).getByRole("link", { name: "File HTML (leggibile)" })).toHaveAttribute("download", "arcano-dati-2026-11-27.html");
    expect(button).toBeEnabled();
  });

  it("says it is preparing the data before the first part comes", async () => {
    convexMock.handlers.set("dataExport:readPart", () => new Promise(() => {}));
    renderWithProviders(<DataExportCard />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Scarica i tuoi dati" }));
    expect(await screen.findByText("Stiamo preparando i tuoi dati…")).toBeInTheDocument();
  });

  it("a failure says so by toast, downloads nothing and lets the person try again", async () => {
    convexMock.handlers.set("dataExport:readPart", (args) =>
      (args as { from?: unknown }).from === undefined ? Promise.resolve(firstPart) : Promise.reject(new Error("rete assente")),
    );
    renderWithProviders(<DataExportCard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Scarica i tuoi dati" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(dataExportErrorMessage));
    expect(downloads).toEqual([]);
    expect(screen.getByRole("button", { name: "Scarica i tuoi dati" })).toBeEnabled();
    expect(screen.queryByText(/I tuoi dati sono pronti/)).toBeNull();
  });

  it("is on the client's and the psychic's settings pages", () => {
    convexMock.signedInAs(client);
    const first = renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere: ["/"] });
    expect(screen.getByRole("heading", { name: "Scarica i tuoi dati" })).toBeInTheDocument();
    first.unmount();
    convexMock.signedInAs({ ...client, accountType: "psychic" });
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere: ["/"] });
    expect(screen.getByRole("heading", { name: "Scarica i tuoi dati" })).toBeInTheDocument();
  });
});

describe("the privacy notice", () => {
  it("says what stays after an account's deletion, for how long and why, and where to download one's data", () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByRole("heading", { name: "Cosa resta dopo l'eliminazione dell'account" })).toBeInTheDocument();
    expect(screen.getByText(/Le note che avevi scritto al cartomante vengono cancellate/)).toBeInTheDocument();
    expect(
      screen.getByText(/conserviamo per 10 anni, come previsto per le scritture contabili dall'art. 2220 del Codice civile/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Scarica i tuoi dati" })).toHaveAttribute("href", paths.settings);
  });
});
