import { Card, Container, Flex, Grid, Heading, Link, Skeleton, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { matchesSearch } from "@convex/model/psychics";
import { NativeSelect } from "@/components/form/NativeSelect";
import { PsychicCard, type PsychicCardData } from "@/components/PsychicCard";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useFirstFree, type FirstFreeById } from "@/lib/useFirstFree";
import { paths } from "@/lib/paths";

const ALL = "all";
/** The filter's values: a topic or a technique, told apart by their prefix. */
const TOPIC = "topic:";
const SPECIALTY = "specialty:";

/** /psychics: every public, approved psychic, best rated first, live. */
export function PsychicListPage() {
  // One subscription for the whole list; search and filter run here, so typing never reloads it.
  const { data, savedAt } = useCachedQuery(api.psychics.listPublic, {}, { scope: "public" });
  // Every listed card's first free time, whatever is searched: typing never changes these subscriptions either.
  const availability = useFirstFree(data?.psychics.map((psychic) => psychic.id) ?? []);
  return (
    <PsychicListView
      psychics={data?.psychics}
      specialties={data?.specialties ?? []}
      specializations={data?.specializations ?? []}
      availability={availability}
      savedAt={savedAt}
    />
  );
}

/** A card and the topics it is searched and filtered by. */
export type ListedPsychic = PsychicCardData & { specializations: string[] };

type Props = {
  /** `undefined` while loading. */
  psychics: ListedPsychic[] | undefined;
  /** The filter's techniques: the union of the listed psychics' specialties. */
  specialties: string[];
  /** The filter's topics: the union of the listed psychics' specializations. */
  specializations: string[];
  /** Each card's 'Prima disponibilità'; without it the cards show none. */
  availability?: { firstFree: FirstFreeById; now: number };
  /** When the list shown was kept on this device, while it is not the live one. */
  savedAt?: number | null;
};

/**
 * Search and filter live in the address (?q=…&topic=… or &specialty=…), so a filtered list can be shared
 * or reloaded; the header's site search links here the same way.
 */
export function PsychicListView({ psychics, specialties, specializations, availability, savedAt }: Props) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const chosenSpecialty = params.get("specialty");
  const chosenTopic = params.get("topic");
  // A name no listed psychic offers (an old link) filters nothing rather than emptying the list.
  const specialty = chosenSpecialty && specialties.includes(chosenSpecialty) ? chosenSpecialty : null;
  const topic = chosenTopic && specializations.includes(chosenTopic) ? chosenTopic : null;
  const filterValue = topic ? TOPIC + topic : specialty ? SPECIALTY + specialty : ALL;

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

  const chooseFilter = (value: string) =>
    updateParams({
      topic: value.startsWith(TOPIC) ? value.slice(TOPIC.length) : null,
      specialty: value.startsWith(SPECIALTY) ? value.slice(SPECIALTY.length) : null,
    });

  const shown = psychics?.filter((psychic) => matchesSearch(psychic, search, { specialty, specialization: topic }));

  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "4", sm: "7" }}>
      <Flex direction="column" gap={{ initial: "4", sm: "5" }}>
        <Flex direction="column" gap="2">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            I nostri cartomanti
          </Heading>
          <Text as="p" color="gray">
            Cartomanti verificati, scelti per competenza e valutati dai clienti. Prezzi finali in euro, IVA inclusa.
          </Text>
          <Text as="p" size="2" color="gray">
            In ordine: prima chi accetta consulti, poi per valutazione media e numero di recensioni.{" "}
            <Link asChild>
              <RouterLink to={paths.reviewsAndRanking}>Come funzionano recensioni e classifica</RouterLink>
            </Link>
          </Text>
          <CachedAt savedAt={savedAt} />
        </Flex>

        <Flex gap="3" wrap="wrap" role="search" aria-label="Cerca cartomanti">
          <TextField.Root
            type="search"
            size="3"
            placeholder="Cerca per nome, ambito (es. amore) o tecnica"
            aria-label="Cerca cartomanti"
            value={search}
            onChange={(event) => updateParams({ q: event.target.value })}
            style={{ flex: "1 1 280px" }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          <NativeSelect aria-label="Ambito o tecnica" value={filterValue} onValueChange={chooseFilter} style={{ minWidth: 220 }}>
            <option value={ALL}>Tutti gli ambiti e le tecniche</option>
            {specializations.length > 0 ? (
              <optgroup label="Ambiti di consulto">
                {specializations.map((name) => (
                  <option key={name} value={TOPIC + name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {specialties.length > 0 ? (
              <optgroup label="Tecniche">
                {specialties.map((name) => (
                  <option key={name} value={SPECIALTY + name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </NativeSelect>
        </Flex>

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
            </Flex>
          </Card>
        ) : (
          <>
            <Text size="2" color="gray" role="status">
              {shown.length === 1 ? "1 cartomante" : `${shown.length} cartomanti`}
            </Text>
            <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
              {shown.map((psychic) => (
                <PsychicCard
                  key={psychic.id}
                  psychic={psychic}
                  availability={availability && { firstFree: availability.firstFree(psychic.id), now: availability.now }}
                />
              ))}
            </Grid>
          </>
        )}
      </Flex>
    </Container>
  );
}
