import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defaultAvailability } from "@convex/model/profileRules";
import { PhotoUploader } from "@/features/psychic/profile/PhotoUploader";
import { ProfileEditor } from "@/features/psychic/profile/ProfileEditor";
import { validateProfileForm, formFromProfile, type OwnProfile } from "@/features/psychic/profile/profileForm";
import { renderWithProviders } from "./render";

const profile = (fields: Partial<OwnProfile> = {}): OwnProfile => ({
  id: "p1" as OwnProfile["id"],
  psychicName: "Selene",
  photoUrl: null,
  bio: "Leggo i Tarocchi da quindici anni.",
  specialties: ["Tarocchi"],
  specializations: [],
  yearsExperience: 15,
  availableDurations: [30],
  pricing: { "30": 50 },
  availability: defaultAvailability(),
  profileStatus: "draft",
  adminNotes: null,
  isAvailable: true,
  isPubliclyVisible: false,
  rating: null,
  reviewCount: 0,
  suspension: null,
  ...fields,
});

function renderEditor(saved = profile()) {
  const onSave = vi.fn(async () => true);
  const onPublish = vi.fn(async () => true);
  renderWithProviders(<ProfileEditor profile={saved} onSave={onSave} onPublish={onPublish} />);
  return { onSave, onPublish, user: userEvent.setup() };
}

describe("the profile form's rules", () => {
  it("asks for name, bio and a specialty with the spec's message", () => {
    const result = validateProfileForm({ ...formFromProfile(profile()), bio: "  " });
    expect(result).toMatchObject({ ok: false, summary: "Completa nome, biografia e almeno una specialità." });
  });

  it("asks for at least one duration", () => {
    const result = validateProfileForm({ ...formFromProfile(profile()), availableDurations: [] });
    expect(result).toMatchObject({ ok: false, summary: "Seleziona almeno una durata per i consulti." });
  });

  it("refuses years outside 0–50 and prices off the 10–200 grid of 5", () => {
    const values = formFromProfile(profile());
    expect(validateProfileForm({ ...values, yearsExperience: "51" }).ok).toBe(false);
    expect(validateProfileForm({ ...values, yearsExperience: "2.5" }).ok).toBe(false);
    expect(validateProfileForm({ ...values, prices: { ...values.prices, "30": "12" } }).ok).toBe(false);
    expect(validateProfileForm({ ...values, prices: { ...values.prices, "30": "205" } }).ok).toBe(false);
    // A price for a duration not offered is neither checked nor sent.
    const result = validateProfileForm({ ...values, prices: { ...values.prices, "60": "7" } });
    expect(result).toMatchObject({ ok: true, args: { pricing: { "30": 50 }, yearsExperience: 15 } });
  });
});

describe("the profile editor", () => {
  it("shows the saved values read-only until Modifica", async () => {
    const { user } = renderEditor();
    expect(screen.getByLabelText("Nome")).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Salva" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    expect(screen.getByLabelText("Nome")).not.toHaveAttribute("readonly");
    expect(screen.getByRole("button", { name: "Salva" })).toBeInTheDocument();
  });

  it("restores the saved values on Annulla", async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    await user.clear(screen.getByLabelText("Nome"));
    await user.type(screen.getByLabelText("Nome"), "Altro nome");
    await user.click(screen.getByRole("checkbox", { name: "Rune" }));
    await user.click(screen.getByRole("button", { name: "Annulla" }));
    expect(screen.getByLabelText("Nome")).toHaveValue("Selene");
    expect(screen.getByRole("checkbox", { name: "Rune" })).not.toBeChecked();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses to save an incomplete profile with the spec's message", async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    await user.clear(screen.getByLabelText("Biografia"));
    await user.click(screen.getByRole("button", { name: "Salva" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Completa nome, biografia e almeno una specialità.");
    expect(screen.getByLabelText("Biografia")).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses to publish without a duration", async () => {
    const { user, onPublish } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    await user.click(screen.getByRole("checkbox", { name: "30 minuti" }));
    await user.click(screen.getByRole("button", { name: "Pubblica" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Seleziona almeno una durata per i consulti.");
    expect(onPublish).not.toHaveBeenCalled();
  });

  it("flags a price off the grid", async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    const price = screen.getByLabelText("Prezzo per 30 minuti (€)");
    await user.clear(price);
    await user.type(price, "13");
    await user.click(screen.getByRole("button", { name: "Salva" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Il prezzo va da 10 € a 200 €, a multipli di 5 €.");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves every field, prices only for chosen durations, and leaves edit mode", async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    await user.click(screen.getByRole("checkbox", { name: "Astrologia" }));
    await user.click(screen.getByRole("checkbox", { name: "Amore e Relazioni" }));
    await user.click(screen.getByRole("checkbox", { name: "60 minuti" }));
    const price60 = screen.getByLabelText("Prezzo per 60 minuti (€)");
    await user.clear(price60);
    await user.type(price60, "90");
    const years = screen.getByLabelText("Anni di esperienza");
    await user.clear(years);
    await user.type(years, "20");
    const tuesday = within(screen.getByRole("group", { name: "Disponibilità di Martedì" }));
    await user.click(tuesday.getByRole("checkbox", { name: "Martedì" }));
    await user.click(tuesday.getByRole("button", { name: "Martedì 18:00" }));
    await user.click(screen.getByRole("button", { name: "Lunedì 09:00" }));
    await user.click(screen.getByRole("button", { name: "Salva" }));

    expect(onSave).toHaveBeenCalledTimes(1);
    const [args] = onSave.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(args).toMatchObject({
      psychicName: "Selene",
      specialties: ["Tarocchi", "Astrologia"],
      specializations: ["Amore e Relazioni"],
      yearsExperience: 20,
      availableDurations: [30, 60],
      pricing: { "30": 50, "60": 90 },
    });
    const availability = args.availability as ReturnType<typeof defaultAvailability>;
    expect(availability.tuesday).toEqual({ enabled: true, availableHours: ["18:00"] });
    expect(availability.monday.availableHours).not.toContain("09:00");
    expect(await screen.findByRole("button", { name: "Modifica" })).toBeInTheDocument();
  });

  it("publishes the saved values from read-only mode", async () => {
    const { user, onPublish } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Pubblica" }));
    expect(onPublish).toHaveBeenCalledWith(expect.objectContaining({ psychicName: "Selene", pricing: { "30": 50 } }));
  });
});

describe("the photo upload", () => {
  it("refuses a file that is not JPEG, PNG or WebP before uploading", async () => {
    const upload = vi.fn(async () => {});
    renderWithProviders(<PhotoUploader photoUrl={null} name="Selene" upload={upload} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText("Carica una foto", { selector: "input" }), new File(["GIF89a"], "foto.gif", { type: "image/gif" }));
    expect(screen.getByRole("alert")).toHaveTextContent("La foto deve essere un'immagine JPEG, PNG o WebP di al massimo 5 MB.");
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses a photo over 5 MB", async () => {
    const upload = vi.fn(async () => {});
    renderWithProviders(<PhotoUploader photoUrl={null} name="Selene" upload={upload} />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "grande.png", { type: "image/png" });
    await userEvent.setup().upload(screen.getByLabelText("Carica una foto", { selector: "input" }), big);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("uploads an accepted photo showing progress", async () => {
    let finish = () => {};
    const upload = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      onProgress(0.4);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const onUploaded = vi.fn();
    renderWithProviders(<PhotoUploader photoUrl={null} name="Selene" upload={upload} onUploaded={onUploaded} />);
    await userEvent.setup().upload(screen.getByLabelText("Carica una foto", { selector: "input" }), new File(["x"], "me.png", { type: "image/png" }));
    expect(await screen.findByText("Caricamento… 40%")).toBeInTheDocument();
    finish();
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
