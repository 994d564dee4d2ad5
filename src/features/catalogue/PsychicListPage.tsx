import { Box, Card, Container, Flex, Grid, Heading, Link, Skeleton, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { DEFAULT_ORDER, isListOrder, ORDER_EXPLAINED, ORDER_LABELS } from "@convex/model/catalogueOrder";
import type { FirstFree } from "@convex/model/nextAvailability";
import { searchCatalogue } from "@convex/model/psychics";
import { PsychicCard, type PsychicCardData } from "@/components/psychic/PsychicCard";
import { useKeptPsychicList } from "@/lib/catalogue/psychicList";
import { CONSULTATION_TYPE_PARAM, consultationTypeParam } from "@/lib/catalogue/consultationTypeParam";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useRoundedNow } from "@/lib/time/useRoundedNow";
import { paths } from "@/lib/paths";
import { PsychicListFilters } from "./PsychicListFilters";

/** /psychics: every public, approved psychic with their first free time, searched, filtered and sorted, live. */
export function PsychicListPage() {
  // One subscription for the whole list, with the free times the server computes (slot engine) at the page's
  // clock; search, filters and order run here over it, with the server's own functions, so typing never reloads it.
  const now = useRoundedNow();
  // The type filter goes to the server too: there each card's starting price becomes that type's.
  const consultationType = consultationTypeParam(useSearchParams()[0].get(CONSULTATION_TYPE_PARAM));
  const { data, savedAt } = useKeptPsychicList(now, consultationType);
  return (
    <PsychicListView
      psychics={data?.psychics}
      specialties={data?.specialties ?? []}
      specializations={data?.specializations ?? []}
      now={now}
      savedAt={savedAt}
    />
  );
}

/** A card as the list searches, filters and sorts it; the free times come with `now` from the server. */
export type ListedPsychic = PsychicCardData & {
  specializations: string[];
  isAvailable: boolean;
  firstFree?: FirstFree | null;
  freeToday?: boolean;
};

type Props = {
  /** `undefined` while loading. */
  psychics: ListedPsychic[] | undefined;
  /** The technique filter's options: the union of the listed psychics' specialties. */
  specialties: string[];
  /** The topic filter's options: the union of the listed psychics' specializations. */
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
export function PsychicListView({ psychics, specialties, specializations, now, savedAt }: Props) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const chosenSpecialty = params.get("specialty");
  const chosenTopic = params.get("topic");
  // A name no listed psychic offers (an old link) filters nothing rather than emptying the list.
  const specialty = chosenSpecialty && specialties.includes(chosenSpecialty) ? chosenSpecialty : null;
  const topic = chosenTopic && specializations.includes(chosenTopic) ? chosenTopic : null;
  const consultationType = consultationTypeParam(params.get(CONSULTATION_TYPE_PARAM));
  const availableToday = params.get("today") === "1";
  const chosenOrder = params.get("order");
  const order = isListOrder(chosenOrder) ? chosenOrder : DEFAULT_ORDER;

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

  // A list kept from before the free times came (sent with the page) cannot answer 'today' or 'soonest' yet.
  const timesKnown = psychics?.every((psychic) => psychic.firstFree !== undefined) ?? false;
  const needsTimes = availableToday || order === "soonest";
  const found =
    psychics === undefined || (needsTimes && !timesKnown)
      ? undefined
      : searchCatalogue(psychics, { search, specialty, specialization: topic, consultationType, availableToday, order }, specializations);
  const shown = found?.psychics;

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
          availableToday={availableToday}
          order={order}
          specialties={specialties}
          specializations={specializations}
          onChange={updateParams}
          found={
            shown !== undefined && shown.length > 0 ? (
              <Text size="2" color="gray" role="status">
                {shown.length === 1 ? "1 cartomante" : `${shown.length} cartomanti`}
              </Text>
            ) : null
          }
        />

        {shown === undefined ? (
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" role="group" aria-busy="true" aria-label="Caricamento dei cartomanti">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={{ initial: "180px", sm: "260px" }} />
            ))}
          </Grid>
        ) : shown.length === 0 ? (
          <Card size="4">
            <Flex direction="column" align="center" gap="2" py="4" style={{ textAlign: "center" }}>
              <Heading as="h2" size="5">
                Nessun cartomante trovato
              </Heading>
              <Text color="gray">Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.</Text>
              {found && found.suggestedTopics.length > 0 ? <SuggestedTopics topics={found.suggestedTopics} /> : null}
            </Flex>
          </Card>
        ) : (
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
            {shown.map((psychic) => (
              <PsychicCard
                key={psychic.id}
                psychic={psychic}
                availability={now === undefined ? undefined : { firstFree: psychic.firstFree, now }}
              />
            ))}
          </Grid>
        )}
      </Flex>
    </Container>
  );
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
