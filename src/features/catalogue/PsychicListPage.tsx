import { Box, Button, Card, Container, Flex, Grid, Heading, Link, Skeleton, Text } from "@radix-ui/themes";
import { memo, useEffect, useRef, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DEFAULT_ORDER, ORDER_EXPLAINED, ORDER_LABELS } from "@convex/model/catalogueOrder";
import type { FirstFree } from "@convex/model/nextAvailability";
import { nearestTopics } from "@convex/model/topicSearch";
import { PsychicCard, type PsychicCardData } from "@/components/psychic/PsychicCard";
import { CATALOGUE_PAGE_SIZE, catalogueQuestion, firstPageViewKey, type CatalogueQuestion } from "@/lib/catalogue/catalogueQuestion";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useCachedFirstPage } from "@/lib/offline/useCachedFirstPage";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useLastAnswer } from "@/lib/offline/useLastAnswer";
import { useRoundedNow } from "@/lib/time/useRoundedNow";
import { useSettled } from "@/lib/time/useSettled";
import { paths } from "@/lib/paths";
import { PsychicListFilters } from "./PsychicListFilters";

/** How long the words typed rest before the catalogue is asked for them. */
const SEARCH_SETTLE_MS = 250;

/**
 * /psychics: every listed psychic, a page at a time from the server (catalogue:listPage), searched, filtered and
 * ordered there over the whole catalogue, each card with its first free time at the page's clock.
 */
export function PsychicListPage() {
  const clock = useRoundedNow();
  // The clock is part of the question (the cards' free times): a new step would start the list again from its first
  // page. So it moves the question only while one page is shown; a list read further keeps its pages and their times.
  const [now, setNow] = useState(clock);
  const [params] = useSearchParams();
  const facets = useCachedQuery(api.catalogue.listFacets, {}, { scope: "public" }).data;
  const typed = catalogueQuestion(params);
  // The words are asked once typing rests; the address (and the field) follow every key at once.
  const settledSearch = useSettled(typed.search, SEARCH_SETTLE_MS);
  const question = withOffered({ ...typed, search: settledSearch }, facets);
  const list = useCachedFirstPage(api.catalogue.listPage, { ...question, now }, { initialNumItems: CATALOGUE_PAGE_SIZE, scope: "public", viewKey: firstPageViewKey(question) });
  const shown = useLastAnswer(list.status === "LoadingFirstPage" ? undefined : list.results);
  // During render (React's pattern for state derived from the last one), so no frame asks with the old clock twice.
  if (clock !== now && list.results.length <= CATALOGUE_PAGE_SIZE) setNow(clock);
  return (
    <PsychicListView
      psychics={shown.value}
      refreshing={shown.stale || typed.search !== settledSearch}
      more={list.status === "CanLoadMore" ? "can" : list.status === "LoadingMore" ? "loading" : list.mayHaveMore ? "later" : "none"}
      onMore={() => list.loadMore(CATALOGUE_PAGE_SIZE)}
      specialties={facets?.specialties ?? []}
      specializations={facets?.specializations ?? []}
      now={now}
      savedAt={list.savedAt}
    />
  );
}

/** A topic or technique no listed psychic offers (an old link) filters nothing rather than emptying the list. */
function withOffered(question: CatalogueQuestion, facets: { specialties: string[]; specializations: string[] } | undefined): CatalogueQuestion {
  const { search, specialization, specialty, ...rest } = question;
  return {
    ...(search ? { search } : {}),
    ...(specialization && (!facets || facets.specializations.includes(specialization)) ? { specialization } : {}),
    ...(specialty && (!facets || facets.specialties.includes(specialty)) ? { specialty } : {}),
    ...rest,
  };
}

/** A card as the list shows it; the free times come with `now` from the server. */
export type ListedPsychic = PsychicCardData & {
  specializations: string[];
  isAvailable: boolean;
  firstFree?: FirstFree | null;
  freeToday?: boolean;
};

type Props = {
  /** `undefined` while the first page loads. */
  psychics: ListedPsychic[] | undefined;
  /**
   * Whether more pages can be read ('can'), are being read ('loading'), may be there once the list is live ('later':
   * a full first page kept or sent with the page) or none is left ('none').
   */
  more?: "can" | "loading" | "later" | "none";
  onMore?: () => void;
  /** The cards shown answer the previous question while the new one's come. */
  refreshing?: boolean;
  /** The technique filter's options: those some listed psychic offers. */
  specialties: string[];
  /** The topic filter's options: those some listed psychic offers. */
  specializations: string[];
  /** The clock the free times were computed at; without it the cards show none. */
  now?: number;
  /** When the list shown was kept on this device, while it is not the live one. */
  savedAt?: number | null;
};

/**
 * Search, filters and order live in the address (?q=…&topic=…&specialty=…&type=chat&today=1&order=soonest), so a list
 * can be shared or reloaded; the header's site search and the home page's topics link here the same way.
 */
export function PsychicListView({ psychics, more = "none", onMore, refreshing = false, specialties, specializations, now, savedAt }: Props) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const question = catalogueQuestion(params);
  // A name no listed psychic offers (an old link) filters nothing rather than emptying the list.
  const topic = question.specialization && specializations.includes(question.specialization) ? question.specialization : null;
  const specialty = question.specialty && specialties.includes(question.specialty) ? question.specialty : null;
  const consultationType = question.consultationType ?? null;
  const availableToday = question.availableToday === true;
  const order = question.order ?? DEFAULT_ORDER;

  // The address asked for last, until the page renders with it: a change right after another (the search
  // emptied, then a filter chosen) builds on the first, not on the address of the last render, which the
  // router's updater would hand it.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [params]);
  const updateParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(asked.current ?? params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    asked.current = next;
    setParams(next, { replace: true });
  };

  const askedSomething = search.trim() !== "" || topic !== null || specialty !== null || consultationType !== null || availableToday || question.maxCentsPerMinute !== undefined;
  // Nothing found: the topics the words name or nearly name (a slip of a letter), among those offered.
  const suggestedTopics =
    psychics?.length === 0 && more === "none" && askedSomething ? nearestTopics(search, specializations.filter((name) => name !== topic)) : [];

  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "4", sm: "7" }}>
      <Flex direction="column" gap={{ initial: "4", sm: "5" }}>
        <Flex direction="column" gap="2">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            I nostri cartomanti
          </Heading>
          <Text as="p" color="gray">
            Cartomanti valutati dai clienti; «Verificato» indica chi ha superato la chiamata di verifica con il nostro team. Prezzi finali in euro, IVA inclusa.
          </Text>
          <Text as="p" size="2" color="gray" aria-live="polite">
            <Text weight="medium">Ordinati per: {ORDER_LABELS[order]}</Text>
            {/* The criterion is named on every screen; how it works is said beside it where there is room. */}
            <Box as="span" display={{ initial: "none", sm: "inline" }}>
              {" "}
              — {ORDER_EXPLAINED[order]} Nessuno paga per comparire più in alto.
            </Box>{" "}
            ·{" "}
            <Link asChild>
              <RouterLink to={paths.reviewsAndRanking}>Come funzionano recensioni e classifica</RouterLink>
            </Link>
          </Text>
          <CachedAt savedAt={savedAt} />
        </Flex>

        <PsychicListFilters
          search={search}
          topic={topic}
          specialty={specialty}
          consultationType={consultationType}
          maxCentsPerMinute={question.maxCentsPerMinute ?? null}
          availableToday={availableToday}
          order={order}
          specialties={specialties}
          specializations={specializations}
          onChange={updateParams}
          openedFiltered={Boolean(question.specialization || question.specialty || question.consultationType || question.maxCentsPerMinute || question.order)}
          found={
            psychics !== undefined && psychics.length > 0 ? (
              <Text size="2" color="gray" role="status">
                {foundWords(psychics.length, more !== "none")}
              </Text>
            ) : null
          }
        />

        {psychics === undefined ? (
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" role="group" aria-busy="true" aria-label="Caricamento dei cartomanti">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={{ initial: "180px", sm: "260px" }} />
            ))}
          </Grid>
        ) : psychics.length === 0 ? (
          <Card size="4">
            <Flex direction="column" align="center" gap="2" py="4" style={{ textAlign: "center" }}>
              <Heading as="h2" size="5">
                Nessun cartomante trovato
              </Heading>
              <Text color="gray">Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.</Text>
              {suggestedTopics.length > 0 ? <SuggestedTopics topics={suggestedTopics} /> : null}
            </Flex>
          </Card>
        ) : (
          <Flex direction="column" gap="5">
            <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" aria-busy={refreshing} style={refreshing ? { opacity: 0.6 } : undefined}>
              {psychics.map((psychic) => (
                <ListedCard key={psychic.id} psychic={psychic} now={now} />
              ))}
            </Grid>
            {more === "can" || more === "loading" ? (
              <Flex justify="center">
                <Button size="3" variant="soft" onClick={onMore} disabled={more === "loading"} aria-busy={more === "loading"}>
                  {more === "loading" ? "Caricamento…" : "Mostra altri cartomanti"}
                </Button>
              </Flex>
            ) : null}
          </Flex>
        )}
      </Flex>
    </Container>
  );
}

/** A card of the list, drawn again only when its psychic or the clock changes: a list read far keeps its cards. */
const ListedCard = memo(function ListedCard({ psychic, now }: { psychic: ListedPsychic; now?: number }) {
  return <PsychicCard psychic={psychic} availability={now === undefined ? undefined : { firstFree: psychic.firstFree, now }} />;
});

/** '24 cartomanti' once the list is whole; 'I primi 24 cartomanti' while more pages remain. */
function foundWords(count: number, moreLeft: boolean): string {
  if (moreLeft) return `I primi ${count} cartomanti`;
  return count === 1 ? "1 cartomante" : `${count} cartomanti`;
}

/** An empty result's way on: the nearest topics, each a link to its list. */
function SuggestedTopics({ topics }: { topics: string[] }) {
  return (
    <nav aria-label="Ambiti suggeriti">
      <Text as="p" size="2" mt="2" mb="2">
        Forse cerchi uno di questi ambiti:
      </Text>
      <Flex gap="3" wrap="wrap" justify="center" asChild>
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {topics.map((topic) => (
            <li key={topic}>
              <Link asChild weight="medium">
                <RouterLink to={paths.psychicsFound({ topic })}>{topic}</RouterLink>
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </nav>
  );
}
