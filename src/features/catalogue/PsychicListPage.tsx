import { Card, Container, Flex, Grid, Heading, Select, Spinner, Text, TextField } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { matchesSearch } from "@convex/model/psychics";
import { PsychicCard, type PsychicCardData } from "@/components/PsychicCard";

const ALL = "all";

/** /psychics: every public, approved psychic, best rated first, live. */
export function PsychicListPage() {
  // One subscription for the whole list; search and filter run here, so typing never reloads it.
  const data = useQuery(api.psychics.listPublic, {});
  return <PsychicListView psychics={data?.psychics} specialties={data?.specialties ?? []} />;
}

type Props = {
  /** `undefined` while loading. */
  psychics: PsychicCardData[] | undefined;
  /** The filter's options: the union of the listed psychics' specialties. */
  specialties: string[];
};

/** Search and filter live in the address (?q=…&specialty=…), so a filtered list can be shared or reloaded. */
export function PsychicListView({ psychics, specialties }: Props) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const chosen = params.get("specialty");
  const specialty = chosen && specialties.includes(chosen) ? chosen : null;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const shown = psychics?.filter((psychic) => matchesSearch(psychic, search, specialty));

  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py="7">
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="2">
          <Heading as="h1" size="8">
            I nostri cartomanti
          </Heading>
          <Text as="p" color="gray">
            Cartomanti verificati, scelti per competenza e valutati dai clienti. Prezzi finali in euro, IVA inclusa.
          </Text>
        </Flex>

        <Flex gap="3" wrap="wrap" role="search" aria-label="Cerca cartomanti">
          <TextField.Root
            type="search"
            size="3"
            placeholder="Cerca per nome, specialità o parola chiave"
            aria-label="Cerca cartomanti"
            value={search}
            onChange={(event) => setParam("q", event.target.value)}
            style={{ flex: "1 1 280px" }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          <Select.Root size="3" value={specialty ?? ALL} onValueChange={(value) => setParam("specialty", value === ALL ? null : value)}>
            <Select.Trigger aria-label="Specialità" style={{ minWidth: 200 }} />
            <Select.Content position="popper">
              <Select.Item value={ALL}>Tutte</Select.Item>
              {specialties.map((name) => (
                <Select.Item key={name} value={name}>
                  {name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>

        {shown === undefined ? (
          <Flex justify="center" py="9" aria-busy="true" aria-label="Caricamento dei cartomanti">
            <Spinner size="3" />
          </Flex>
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
                <PsychicCard key={psychic.id} psychic={psychic} />
              ))}
            </Grid>
          </>
        )}
      </Flex>
    </Container>
  );
}
