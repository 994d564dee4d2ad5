import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { defaultAvailability } from "@convex/model/profileRules";
import { PsychicProfileEditorPage } from "@/features/psychic/PsychicProfileEditorPage";
import { renderWithProviders } from "./render";

// The page's own access rule (a signed-in non-psychic sees access denied; the router keeps visitors
// out), with the Convex hooks replaced: who is signed in, and as what.
const state = vi.hoisted(() => ({
  auth: { isLoading: false, isAuthenticated: false },
  viewer: undefined as unknown,
  profile: undefined as unknown,
  conduct: undefined as unknown,
  ensureMine: vi.fn(async () => "p1"),
}));

vi.mock("convex/react", () => ({
  useConvexAuth: () => state.auth,
  useQuery: (query: unknown, args: unknown) => {
    if (args === "skip") return undefined;
    const name = String((query as { _name?: string })?._name ?? "");
    if (name.includes("settings")) return undefined;
    if (name.includes("conduct")) return state.conduct;
    return name.includes("getMine") ? state.profile : state.viewer;
  },
  // The session hook reads the viewer through useQueries.
  useQueries: (requests: Record<string, unknown>) => ("viewer" in requests ? { viewer: state.viewer } : {}),
  // The code of conduct's acceptance is optimistic (withOptimisticUpdate); the rest are plain calls.
  useMutation: () => Object.assign(state.ensureMine, { withOptimisticUpdate: () => state.ensureMine }),
  useAction: () => vi.fn(),
  // No client: the connection marks read "connected".
  useConvex: () => undefined,
}));

// Function references the cache can name (makeFunctionReference), with the `_name` the mock above reads.
vi.mock("@convex/_generated/api", async () => {
  const { makeFunctionReference } = await import("convex/server");
  const ref = (name: string) => ({ ...makeFunctionReference(name), _name: name });
  return {
    api: {
      users: { viewer: ref("users:viewer") },
      settings: { getPublic: ref("settings:getPublic") },
      conduct: { getMine: ref("conduct:getMine"), acceptMine: ref("conduct:acceptMine") },
      psychicProfiles: {
        getMine: ref("psychicProfiles:getMine"),
        ensureMine: ref("psychicProfiles:ensureMine"),
        saveMine: ref("psychicProfiles:saveMine"),
        publishMine: ref("psychicProfiles:publishMine"),
        generatePhotoUploadUrl: ref("psychicProfiles:generatePhotoUploadUrl"),
        setMyPhoto: ref("psychicProfiles:setMyPhoto"),
      },
    },
  };
});

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/psychic/profile" element={<PsychicProfileEditorPage />} />
    </Routes>,
    { path: "/psychic/profile" },
  );
}

const viewer = (accountType: "client" | "psychic") => ({
  id: "u1",
  fullName: "Luna",
  email: "l@esempio.it",
  accountType,
  memberSince: 0,
  isAdmin: false,
});

describe("the profile editor page", () => {
  beforeEach(() => {
    state.auth = { isLoading: false, isAuthenticated: true };
    state.viewer = undefined;
    state.profile = undefined;
    state.conduct = undefined;
    state.ensureMine.mockClear();
  });

  it("shows access denied to a client", () => {
    state.viewer = viewer("client");
    renderPage();
    expect(screen.getByRole("heading", { name: "Accesso riservato ai cartomanti" })).toBeInTheDocument();
    expect(state.ensureMine).not.toHaveBeenCalled();
  });

  it("creates a psychic's default profile on the first visit", () => {
    state.viewer = viewer("psychic");
    state.profile = null;
    renderPage();
    expect(screen.getByLabelText("Caricamento del profilo")).toBeInTheDocument();
    expect(state.ensureMine).toHaveBeenCalledTimes(1);
  });

  it("shows a refused profile's status with the administrator's note", () => {
    state.viewer = viewer("psychic");
    state.profile = {
      id: "p1",
      psychicName: "Luna",
      photoUrl: null,
      bio: "Bio",
      specialties: ["Tarocchi"],
      specializations: [],
      yearsExperience: 3,
      availableDurations: [30],
      pricesCents: { "30": 5000 },
      consultationTypes: ["voice"],
      chatPricesCents: {},
      availability: defaultAvailability(),
      profileStatus: "rejected",
      adminNotes: "Aggiungi una foto in cui si veda il viso.",
      isAvailable: true,
      isPubliclyVisible: true,
      rating: null,
      reviewCount: 0,
    };
    renderPage();
    expect(screen.getByLabelText("Stato: Rifiutato")).toBeInTheDocument();
    expect(screen.getByText("Aggiungi una foto in cui si veda il viso.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salva e pubblica" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Come ti vedono i clienti" })).toBeInTheDocument();
    expect(state.ensureMine).not.toHaveBeenCalled();
  });

  it("shows the code of conduct before 'Salva e pubblica', with the way to accept it", () => {
    state.viewer = viewer("psychic");
    state.profile = { ...draftProfile };
    state.conduct = { currentVersion: 1, accepted: null };
    renderPage();
    const conduct = screen.getByRole("region", { name: "Codice di condotta dei cartomanti" });
    expect(conduct).toHaveTextContent("Niente rituali né «rimozioni» a pagamento");
    expect(screen.getByRole("button", { name: "Ho letto e accetto il codice di condotta" })).toBeInTheDocument();
    const publish = screen.getByRole("button", { name: "Salva e pubblica" });
    // The code comes first in the page's order.
    expect(conduct.compareDocumentPosition(publish) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

const draftProfile = {
  id: "p1",
  psychicName: "Luna",
  photoUrl: null,
  bio: "Bio",
  specialties: ["Tarocchi"],
  specializations: [],
  yearsExperience: 3,
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
};
