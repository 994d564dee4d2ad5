import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { matchCard } from "@convex/model/topicSearch";
import { SiteSearch } from "@/app/layout/SiteSearch";
import { convexMock } from "./convexMock";
import { LocationProbe, renderWithProviders } from "./render";

const psychic = (id: string, psychicName: string, specializations: string[], specialties: string[]) => ({
  id,
  psychicName,
  photoUrl: null,
  bio: "Letture serene e concrete.",
  specialties,
  specializations,
  rating: null,
  reviewCount: 0,
  isAvailable: true,
  minPriceCents: 2500,
  minDurationMinutes: 30,
});

const listed = [
  psychic("selene", "Selene", ["Amore e Relazioni", "Decisioni Importanti"], ["Tarocchi", "Cartomanzia"]),
  psychic("orione", "Orione", ["Carriera e Lavoro"], ["Astrologia"]),
  psychic("aurora", "Aurora", ["Amore e Relazioni"], ["Carte Sibille"]),
  psychic("dante", "Dante", ["Crescita Spirituale", "Amore e Relazioni"], ["Tarocchi"]),
];
const facets = {
  specialties: ["Astrologia", "Carte Sibille", "Cartomanzia", "Tarocchi"],
  specializations: ["Amore e Relazioni", "Carriera e Lavoro", "Decisioni Importanti", "Crescita Spirituale"],
  psychicsByTopic: { "Amore e Relazioni": 3, "Carriera e Lavoro": 1, "Decisioni Importanti": 1, "Crescita Spirituale": 1 },
  psychicsByTechnique: { Astrologia: 1, "Carte Sibille": 1, Cartomanzia: 1, Tarocchi: 2 },
};

/** The catalogue's first page for the words, as catalogue:listPage finds it (matchCard), one answer object per question. */
function answering(cards: typeof listed) {
  const answers = new Map<string, unknown>();
  return (args: Record<string, unknown>) => {
    const key = JSON.stringify(args.search);
    if (!answers.has(key)) {
      const page = cards.flatMap((card) => {
        const { matches, matchedTopic } = matchCard(card, String(args.search));
        return matches ? [{ ...card, matchedTopic }] : [];
      });
      answers.set(key, { page, isDone: true, continueCursor: "" });
    }
    return answers.get(key);
  };
}

function renderSearch() {
  renderWithProviders(
    <>
      <SiteSearch />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </>,
    { path: "/about" },
  );
}

/** Each option's name: the element its aria-labelledby points at. */
const names = (options: HTMLElement[]) => options.map((option) => document.getElementById(option.getAttribute("aria-labelledby") ?? "")?.textContent);
const optionNames = () => names(screen.queryAllByRole("option"));
const where = () => screen.getByText(/^at /).textContent;

beforeEach(() => {
  convexMock.queries.set("catalogue:listFacets", facets);
  convexMock.queries.set("catalogue:listPage", answering(listed));
});

describe("the site search dialog", () => {
  it("opens from its button with the topics and every page, filters, and shows the empty message", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    // The dialog's code comes on the first opening.
    const input = await screen.findByRole("combobox", { name: "Cerca pagine, informazioni..." });
    expect(input).toHaveFocus();
    expect(screen.getByRole("group", { name: "Ambiti di consulto" })).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Pagine" })).getAllByRole("option")).toHaveLength(10);
    await user.type(input, "contatta");
    // Once the catalogue has answered for the words too.
    expect(await screen.findByText("Nessun risultato trovato")).toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    await user.clear(input);
    await user.type(input, "supporto");
    expect(optionNames()).toEqual(["Contatti"]);
    expect(screen.getByRole("option", { name: "Contatti" })).toHaveAccessibleDescription("Scrivi al nostro team di supporto");
  });

  it("'amore' finds the psychics who list 'Amore e Relazioni' and the topic, each in its labelled group", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(await screen.findByRole("combobox"), "amore");
    // The psychics come once the typing rests.
    const psychics = await screen.findByRole("group", { name: "Cartomanti" });
    expect(names(within(psychics).getAllByRole("option"))).toEqual(["Selene", "Aurora", "Dante"]);
    const topics = screen.getByRole("group", { name: "Ambiti di consulto" });
    expect(within(topics).getByRole("option", { name: "Amore e Relazioni" })).toHaveAccessibleDescription("3 cartomanti");
    // The card says which of the psychic's topics the words named.
    expect(screen.getByRole("option", { name: "Selene" })).toHaveAccessibleDescription("Per: Amore e Relazioni · Voce");
    expect(screen.getByRole("listbox", { name: "Risultati della ricerca" })).toContainElement(psychics);
  });

  it("moves through psychics and topics with the arrows and opens the list filtered by the chosen topic", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    const input = await screen.findByRole("combobox");
    await user.type(input, "amore");
    await screen.findByRole("option", { name: "Selene" });
    const options = screen.getAllByRole("option");
    expect(optionNames()).toEqual(["Selene", "Aurora", "Dante", "Amore e Relazioni"]);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", options[0].id);
    await user.keyboard("{ArrowUp}"); // wraps to the last: the topic
    expect(options[3]).toHaveAttribute("aria-selected", "true");
    expect(options[0]).toHaveAttribute("aria-selected", "false");
    expect(input).toHaveAttribute("aria-activedescendant", options[3].id);
    await user.keyboard("{Enter}");
    expect(where()).toBe("at /psychics?topic=Amore+e+Relazioni");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the highlighted option when a psychic is published meanwhile, so Enter opens what is highlighted", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    await user.type(await screen.findByRole("combobox"), "amore");
    await screen.findByRole("option", { name: "Selene" });
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("option", { name: "Amore e Relazioni" })).toHaveAttribute("aria-selected", "true");
    // A new psychic who lists the topic takes the place the topic had.
    const newcomer = psychic("vega", "Vega", ["Amore e Relazioni"], ["Tarocchi"]);
    act(() => {
      convexMock.queries.set("catalogue:listPage", answering([...listed, newcomer]));
      convexMock.changed();
    });
    expect(optionNames()).toEqual(["Selene", "Aurora", "Dante", "Vega", "Amore e Relazioni"]);
    expect(screen.getByRole("option", { name: "Amore e Relazioni" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("option", { name: "Vega" })).toHaveAttribute("aria-selected", "false");
    await user.keyboard("{Enter}");
    expect(where()).toBe("at /psychics?topic=Amore+e+Relazioni");
  });

  it("opens a psychic's profile when chosen", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    await user.type(await screen.findByRole("combobox"), "orio");
    await user.click(await screen.findByRole("option", { name: "Orione" }));
    expect(where()).toBe("at /psychics/orione");
  });

  it("says it is looking among the psychics while they load, and finds pages meanwhile", async () => {
    convexMock.queries.delete("catalogue:listPage");
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole("button", { name: "Cerca nel sito" }));
    await user.type(await screen.findByRole("combobox"), "amore");
    expect(screen.getByRole("status")).toHaveTextContent("Cerco tra i cartomanti…");
    expect(screen.queryByText("Nessun risultato trovato")).not.toBeInTheDocument();
    act(() => {
      convexMock.queries.set("catalogue:listPage", answering(listed));
      convexMock.changed();
    });
    expect(await screen.findByRole("option", { name: "Selene" })).toBeInTheDocument();
  });
});
