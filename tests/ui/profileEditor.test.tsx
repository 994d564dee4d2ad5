import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defaultAvailability } from "@convex/model/profileRules";
import { PhotoUploader } from "@/features/psychic/profile/PhotoUploader";
import { uploadThroughOwnUrl } from "@/features/psychic/profile/uploadFile";
import { ProfileEditor } from "@/features/psychic/profile/ProfileEditor";
import { validateProfileForm, formFromProfile, type OwnProfile } from "@/features/psychic/profile/profileForm";
import { addRange, dayRanges, removeRange, setRange } from "@/features/psychic/profile/availabilityRanges";
import { openingHours } from "@/lib/text/weekdays";
import { convexMock } from "./convexMock";
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
  pricesCents: { "30": 5000 },
  consultationTypes: ["voice"],
  chatPricesCents: {},
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
    expect(result).toMatchObject({ ok: true, args: { pricesCents: { "30": 5000 }, yearsExperience: 15 } });
  });
});

describe("the form's consultation types and chat prices", () => {
  const both = () => formFromProfile(profile({ consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 3500 } }));

  it("asks for at least one type with the server's message", () => {
    const result = validateProfileForm({ ...formFromProfile(profile()), consultationTypes: [] });
    expect(result).toMatchObject({
      ok: false,
      summary: "Scegli almeno un tipo di consulto: voce, chat o entrambi.",
      fieldErrors: { consultationTypes: "Scegli almeno un tipo di consulto: voce, chat o entrambi." },
    });
  });

  it("checks a chat price of every offered length on the same grid, under its own field", () => {
    const values = both();
    expect(values.chatPrices["30"]).toBe("35");
    // A length never priced for chat starts from its default.
    expect(values.chatPrices["60"]).toBe("100");
    const result = validateProfileForm({ ...values, chatPrices: { ...values.chatPrices, "30": "33" } });
    expect(result).toMatchObject({ ok: false, summary: "Il prezzo va da 10 € a 200 €, a multipli di 5 €." });
    expect(result.ok ? {} : result.fieldErrors).toEqual({ "chatPrices.30": "Il prezzo va da 10 € a 200 €, a multipli di 5 €." });
  });

  it("a profile kept on the device from before chat reads as voice only, with the chat prices at their defaults", () => {
    const { consultationTypes: _types, chatPricesCents: _chat, ...kept } = profile();
    const values = formFromProfile(kept as OwnProfile);
    expect(values.consultationTypes).toEqual(["voice"]);
    expect(values.chatPrices["30"]).toBe("50");
  });

  it("sends both types and each one's cents for the offered lengths", () => {
    const result = validateProfileForm({ ...both(), availableDurations: [60, 30], prices: { ...both().prices, "60": "80" } });
    expect(result).toMatchObject({
      ok: true,
      args: { consultationTypes: ["voice", "chat"], availableDurations: [30, 60], pricesCents: { "30": 5000, "60": 8000 }, chatPricesCents: { "30": 3500, "60": 10000 } },
    });
  });

  it("a type not offered is not checked: voice's prices on the grid go along (the server takes them), chat's are not sent", () => {
    const values = { ...both(), consultationTypes: ["chat" as const], availableDurations: [15, 30] as Array<15 | 30> };
    const result = validateProfileForm({ ...values, prices: { ...values.prices, "15": "7", "30": "55" } });
    expect(result).toMatchObject({
      ok: true,
      args: { consultationTypes: ["chat"], pricesCents: { "30": 5500 }, chatPricesCents: { "15": 2500, "30": 3500 } },
    });
    const voiceOnly = validateProfileForm({ ...both(), consultationTypes: ["voice"], chatPrices: { ...both().chatPrices, "30": "3" } });
    expect(voiceOnly.ok && voiceOnly.args).toMatchObject({ consultationTypes: ["voice"], pricesCents: { "30": 5000 } });
    expect(voiceOnly.ok && "chatPricesCents" in voiceOnly.args).toBe(false);
  });
});

describe("the profile editor", { timeout: 30_000 }, () => {
  it("is editable at once, with one 'Salva e pubblica' and a draft save for a profile not yet public", () => {
    renderEditor();
    expect(screen.getByLabelText("Nome")).not.toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Modifica" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salva e pubblica" })).toHaveAccessibleDescription(/i clienti vedranno subito il profilo/);
    expect(screen.getByRole("button", { name: "Salva come bozza" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Scarta le modifiche" })).toBeDisabled();
  });

  it("a listed profile has no draft save, and says what goes back to review when approval is on", () => {
    renderWithProviders(
      <ProfileEditor
        profile={profile({ profileStatus: "approved", isPubliclyVisible: true })}
        approvalRequired
        onSave={vi.fn()}
        onPublish={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: "Salva come bozza" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salva e pubblica" })).toHaveAccessibleDescription(
      /Nome, biografia e foto nuovi tornano in revisione: finché l'amministratore non li approva, i clienti vedono quelli approvati/,
    );
  });

  it("the preview card 'Come ti vedono i clienti' follows the form as it is typed", async () => {
    const { user } = renderEditor();
    const preview = within(screen.getByRole("region", { name: "Come ti vedono i clienti" }));
    expect(preview.getByRole("heading", { name: "Selene" })).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Nome"));
    await user.type(screen.getByLabelText("Nome"), "Mira");
    await user.click(screen.getByRole("checkbox", { name: "Rune" }));
    expect(preview.getByRole("heading", { name: "Mira" })).toBeInTheDocument();
    expect(preview.getByText("Rune")).toBeInTheDocument();
  });

  it("'Scarta le modifiche' restores the saved values", async () => {
    const { user, onSave } = renderEditor();
    await user.clear(screen.getByLabelText("Nome"));
    await user.type(screen.getByLabelText("Nome"), "Altro nome");
    await user.click(screen.getByRole("checkbox", { name: "Rune" }));
    const discard = screen.getByRole("button", { name: "Scarta le modifiche" });
    expect(discard).toBeEnabled();
    await user.click(discard);
    expect(screen.getByLabelText("Nome")).toHaveValue("Selene");
    expect(screen.getByRole("checkbox", { name: "Rune" })).not.toBeChecked();
    expect(discard).toBeDisabled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses to save an incomplete profile with the spec's message", async () => {
    const { user, onSave } = renderEditor();
    await user.clear(screen.getByLabelText("Biografia"));
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Completa nome, biografia e almeno una specialità.");
    expect(screen.getByLabelText("Biografia")).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses to publish without a duration", async () => {
    const { user, onPublish } = renderEditor();
    await user.click(screen.getByRole("checkbox", { name: "30 minuti" }));
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Seleziona almeno una durata per i consulti.");
    expect(onPublish).not.toHaveBeenCalled();
  });

  it("flags a price off the grid", async () => {
    const { user, onSave } = renderEditor();
    const price = screen.getByLabelText("Prezzo voce per 30 minuti (€)");
    await user.clear(price);
    await user.type(price, "13");
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Il prezzo va da 10 € a 200 €, a multipli di 5 €.");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sets a day's hours as ranges by keyboard, up to 24:00, and publishes every field", async () => {
    const { user, onPublish } = renderEditor();
    await user.click(screen.getByRole("checkbox", { name: "Astrologia" }));
    await user.click(screen.getByRole("checkbox", { name: "Amore e Relazioni" }));
    await user.click(screen.getByRole("checkbox", { name: "60 minuti" }));
    const price60 = screen.getByLabelText("Prezzo voce per 60 minuti (€)");
    await user.clear(price60);
    await user.type(price60, "90");
    const years = screen.getByLabelText("Anni di esperienza");
    await user.clear(years);
    await user.type(years, "20");
    const tuesday = within(screen.getByRole("group", { name: "Disponibilità di Martedì" }));
    await user.click(tuesday.getByRole("checkbox", { name: "Martedì" }));
    // Keyboard only: focus the add button, press Enter, then choose the times in the native selects.
    tuesday.getByRole("button", { name: "Aggiungi una fascia oraria a Martedì" }).focus();
    await user.keyboard("{Enter}");
    await user.selectOptions(tuesday.getByRole("combobox", { name: "Martedì, fascia 1: dalle" }), "22:00");
    await user.selectOptions(tuesday.getByRole("combobox", { name: "Martedì, fascia 1: alle" }), "24:00");
    expect(tuesday.getByRole("combobox", { name: "Martedì, fascia 1: alle" })).toHaveValue("24:00");
    // Monday's default 09:00–12:00 and 14:00–17:00: the first one removed.
    await user.click(screen.getByRole("button", { name: "Rimuovi la fascia 09:00–12:00 di Lunedì" }));
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));

    expect(onPublish).toHaveBeenCalledTimes(1);
    const [args] = onPublish.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(args).toMatchObject({
      psychicName: "Selene",
      specialties: ["Tarocchi", "Astrologia"],
      specializations: ["Amore e Relazioni"],
      yearsExperience: 20,
      availableDurations: [30, 60],
      pricesCents: { "30": 5000, "60": 9000 },
    });
    const availability = args.availability as ReturnType<typeof defaultAvailability>;
    expect(availability.tuesday).toEqual({ enabled: true, availableHours: ["22:00", "22:30", "23:00", "23:30"] });
    expect(availability.monday.availableHours).toEqual(["14:00", "14:30", "15:00", "15:30", "16:00", "16:30"]);
  });

  it("refuses a ticked day without hours beside the day, and sends nothing", async () => {
    const { user, onPublish } = renderEditor();
    const wednesday = within(screen.getByRole("group", { name: "Disponibilità di Mercoledì" }));
    await user.click(wednesday.getByRole("checkbox", { name: "Mercoledì" }));
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));
    expect(onPublish).not.toHaveBeenCalled();
    const message = "Mercoledì è segnato come disponibile ma non ha orari: aggiungi una fascia oraria o togli la spunta.";
    expect(wednesday.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("group", { name: "Disponibilità di Mercoledì" })).toHaveAccessibleDescription(message);
    // Unticked again, the day needs nothing and the profile goes.
    await user.click(wednesday.getByRole("checkbox", { name: "Mercoledì" }));
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));
    expect(onPublish).toHaveBeenCalledTimes(1);
  });

  it("names the paid consultations changed hours leave out, and still saves", async () => {
    convexMock.queries.set("psychicProfiles:bookingsOutsideHours", [
      { id: "b1", scheduledDate: "2026-12-07", scheduledTime: "15:00", durationMinutes: 30, startsAt: 0 },
    ]);
    const { user, onPublish } = renderEditor();
    expect(screen.queryByTestId("outside-hours-warning")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Rimuovi la fascia 14:00–17:00 di Lunedì" }));
    const warning = screen.getByTestId("outside-hours-warning");
    expect(warning).toHaveTextContent("Un consulto pagato resta fuori dai nuovi orari");
    expect(warning).toHaveTextContent("lun 7 dic, 15:00 · 30 minuti");
    expect(warning).toHaveTextContent("i consulti già pagati restano confermati al loro orario");
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));
    expect(onPublish).toHaveBeenCalledTimes(1);
  });

  it("offers chat beside voice: a price in each type for each length, typed in euros and sent in cents with the types", async () => {
    const { user, onPublish } = renderEditor();
    const types = screen.getByRole("group", { name: "Tipi di consulto" });
    expect(within(types).getByRole("checkbox", { name: "Consulti vocali" })).toBeChecked();
    expect(within(types).getByRole("checkbox", { name: "Consulti in chat" })).not.toBeChecked();
    expect(screen.queryByLabelText("Prezzo chat per 30 minuti (€)")).not.toBeInTheDocument();
    // By keyboard: the focus on the chat checkbox, Space ticks it.
    within(types).getByRole("checkbox", { name: "Consulti in chat" }).focus();
    await user.keyboard(" ");
    const chat30 = screen.getByLabelText("Prezzo chat per 30 minuti (€)");
    await user.clear(chat30);
    await user.type(chat30, "40");
    await user.click(screen.getByRole("checkbox", { name: "15 minuti" }));
    await user.clear(screen.getByLabelText("Prezzo voce per 15 minuti (€)"));
    await user.type(screen.getByLabelText("Prezzo voce per 15 minuti (€)"), "25");
    await user.clear(screen.getByLabelText("Prezzo chat per 15 minuti (€)"));
    await user.type(screen.getByLabelText("Prezzo chat per 15 minuti (€)"), "20");
    // The preview card says both and starts from the lowest price of either.
    const preview = within(screen.getByRole("region", { name: "Come ti vedono i clienti" }));
    expect(within(preview.getByRole("group", { name: "Consulti offerti" })).getAllByText(/^(Voce|Chat)$/).map((badge) => badge.textContent)).toEqual([
      "Voce",
      "Chat",
    ]);
    expect(preview.getByText("Da €20/15min")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Salva e pubblica" }));
    expect(onPublish).toHaveBeenCalledWith(
      expect.objectContaining({
        consultationTypes: ["voice", "chat"],
        availableDurations: [15, 30],
        pricesCents: { "15": 2500, "30": 5000 },
        chatPricesCents: { "15": 2000, "30": 4000 },
      }),
    );
  });

  it("flags a chat price off the grid beside its field, and sends nothing", async () => {
    const { user, onSave } = renderEditor(profile({ consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 3500 } }));
    const chat30 = screen.getByLabelText("Prezzo chat per 30 minuti (€)");
    await user.clear(chat30);
    await user.type(chat30, "250");
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Il prezzo va da 10 € a 200 €, a multipli di 5 €.");
    expect(chat30).toHaveAttribute("aria-invalid", "true");
    expect(chat30).toHaveAccessibleDescription("Il prezzo va da 10 € a 200 €, a multipli di 5 €.");
    expect(screen.getByLabelText("Prezzo voce per 30 minuti (€)")).not.toHaveAttribute("aria-invalid");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses to save with no type ticked, with the server's message tied to the types", async () => {
    const { user, onSave } = renderEditor();
    await user.click(screen.getByRole("checkbox", { name: "Consulti vocali" }));
    // No type, no price to type.
    expect(screen.queryByLabelText("Prezzo voce per 30 minuti (€)")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    const message = "Scegli almeno un tipo di consulto: voce, chat o entrambi.";
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("group", { name: "Tipi di consulto" })).toHaveAccessibleDescription(message);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("a chat-only psychic sends chat alone, keeping the voice prices stored", async () => {
    const { user, onSave } = renderEditor(profile({ consultationTypes: ["voice", "chat"], chatPricesCents: { "30": 3000 } }));
    await user.click(screen.getByRole("checkbox", { name: "Consulti vocali" }));
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ consultationTypes: ["chat"], pricesCents: { "30": 5000 }, chatPricesCents: { "30": 3000 } }),
    );
  });

  it("saves as a draft without publishing", async () => {
    const { user, onSave, onPublish } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Salva come bozza" }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ psychicName: "Selene", consultationTypes: ["voice"], pricesCents: { "30": 5000 } }),
    );
    expect(onPublish).not.toHaveBeenCalled();
  });
});

describe("availability ranges and the public hours", () => {
  it("ranges and half-hour starts convert both ways; the last range may end at 24:00", () => {
    expect(dayRanges(["22:00", "22:30", "23:00", "23:30", "09:00"])).toEqual([
      { from: "09:00", to: "09:30" },
      { from: "22:00", to: "24:00" },
    ]);
    expect(setRange(["09:00"], 0, { from: "18:00", to: "24:00" })).toEqual([
      "18:00",
      "18:30",
      "19:00",
      "19:30",
      "20:00",
      "20:30",
      "21:00",
      "21:30",
      "22:00",
      "22:30",
      "23:00",
      "23:30",
    ]);
    // An end not after the start becomes half an hour after it.
    expect(setRange(["09:00", "09:30"], 0, { from: "11:00", to: "10:00" })).toEqual(["11:00"]);
    expect(addRange(["23:00", "23:30"])).toBeNull();
    expect(addRange([])).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(removeRange(["09:00", "11:00"], 0)).toEqual(["11:00"]);
    expect(openingHours({ enabled: true, availableHours: ["18:00", "18:30", "23:30"] })).toBe("18:00–19:00, 23:30–24:00");
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

  const image = (width: number, height: number) => ({ source: {} as CanvasImageSource, width, height });

  it("refuses a picture smaller than 200×200 pixels before cropping or uploading", async () => {
    const upload = vi.fn(async () => {});
    renderWithProviders(<PhotoUploader photoUrl={null} name="Selene" upload={upload} loadImage={async () => image(1, 1)} />);
    await userEvent
      .setup()
      .upload(screen.getByLabelText("Carica una foto", { selector: "input" }), new File(["x"], "puntino.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("La foto deve essere di almeno 200×200 pixel.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("crops with labelled controls, keyboard moves and zoom, then uploads the cropped file showing progress", async () => {
    let finish = () => {};
    const upload = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      onProgress(0.4);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const cropped = new File(["y"], "me.png", { type: "image/png" });
    const cropFile = vi.fn(async () => cropped);
    const onUploaded = vi.fn();
    renderWithProviders(
      <PhotoUploader
        photoUrl={null}
        name="Selene"
        upload={upload}
        onUploaded={onUploaded}
        loadImage={async () => image(800, 600)}
        cropFile={cropFile}
      />,
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Carica una foto", { selector: "input" }), new File(["x"], "me.png", { type: "image/png" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Ritaglia la foto" }));
    expect(dialog.getByRole("slider", { name: "Zoom" })).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Riduci lo zoom" })).toBeDisabled();
    const area = dialog.getByRole("group", { name: "Area di ritaglio" });
    area.focus();
    await user.keyboard("++");
    expect(dialog.getByRole("status")).toHaveTextContent("Zoom 150%");
    await user.keyboard("{ArrowRight}{ArrowDown}");
    await user.click(dialog.getByRole("button", { name: "Aumenta lo zoom" }));
    expect(dialog.getByRole("status")).toHaveTextContent("Zoom 175%");
    await user.click(dialog.getByRole("button", { name: "Usa questa foto" }));

    // 600 px short side at 175 %: a 342.9 px square, moved right and down by a tenth of it from the centre.
    const [, crop] = cropFile.mock.calls[0] as unknown as [unknown, { centerX: number; centerY: number; zoom: number }];
    expect(crop.zoom).toBe(1.75);
    expect(crop.centerX).toBeCloseTo(400 + 40);
    expect(crop.centerY).toBeCloseTo(300 + 40);
    expect(upload).toHaveBeenCalledWith(cropped, expect.any(Function));
    expect(await screen.findByText("Caricamento… 40%")).toBeInTheDocument();
    finish();
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the photo sent to the server", () => {
  /** A browser's XMLHttpRequest that records what is posted and answers with a storage id. */
  function fakeXhr(storageIds: string[]) {
    const sent: Array<{ url: string; contentType: string | undefined; body: unknown }> = [];
    class FakeRequest {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 200;
      responseText = "";
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private url = "";
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name.toLowerCase()] = value;
      }
      send(body: unknown) {
        sent.push({ url: this.url, contentType: this.headers["content-type"], body });
        this.responseText = JSON.stringify({ storageId: storageIds.shift() });
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    return sent;
  }

  it("goes through an upload URL of the psychic's own, naming it in its Content-Type, then is attached", async () => {
    const sent = fakeXhr(["kg2photo_storage"]);
    const attach = vi.fn(async () => null);
    const issue = vi.fn(async () => ({ uploadUrl: "https://backend.test/api/storage/upload?token=t1", uploadId: "jd7upload" }));
    const photo = new File(["png"], "me.png", { type: "image/png" });
    await uploadThroughOwnUrl({ issue, attach }, photo, () => {});
    expect(sent).toEqual([{ url: "https://backend.test/api/storage/upload?token=t1", contentType: "image/png; upload=jd7upload", body: photo }]);
    expect(attach).toHaveBeenCalledWith("kg2photo_storage");
    vi.unstubAllGlobals();
  });
});
