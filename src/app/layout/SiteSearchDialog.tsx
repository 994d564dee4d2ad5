// The site search's dialog and results (src/app/layout/SiteSearch.tsx loads this module on the first opening:
// the dialog's code is not part of the first paint of every page).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { KeyboardEvent, RefObject } from "react";
import { useNavigate } from "react-router-dom";
import { Avatar, Box, Dialog, Flex, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { useSiteCatalogue } from "./siteCatalogue";
import { PSYCHIC_RESULTS, siteSearchResults, type SiteSearchResult } from "./siteSearch";

const SEARCH_PROMPT = "Cerca pagine, informazioni...";

/** The dialog, opened and closed by the header's button (`trigger`, where the focus goes back on closing). */
export function SiteSearchDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="560px"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <VisuallyHidden>
          <Dialog.Title>Cerca nel sito</Dialog.Title>
        </VisuallyHidden>
        {/* Mounted only while open, so every opening starts from an empty query. */}
        {open ? <SiteSearchPanel onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SiteSearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  // The chosen option is remembered by its address, not its place: a psychic published or hidden
  // meanwhile moves the places, and Enter must still open what is highlighted. None: the first.
  const [activePath, setActivePath] = useState<string | null>(null);
  // The catalogue's facets and the psychics the words find, live: listed psychics only.
  const catalogue = useSiteCatalogue(query, PSYCHIC_RESULTS);
  const groups = useMemo(() => siteSearchResults(query, catalogue), [query, catalogue]);
  const results = groups.flatMap((group) => group.results);
  const activeIndex = Math.max(
    results.findIndex((result) => result.path === activePath),
    0,
  );
  const optionId = (index: number) => `${listId}-option-${index}`;

  const listRef = useRef<HTMLDivElement>(null);
  // The chosen option stays in sight while the arrows move through a long list; a list taller than
  // its box can also take focus, so it scrolls by keyboard without the input too (WCAG 2.1.1).
  useEffect(() => {
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
    const list = listRef.current;
    if (list && list.scrollHeight > list.clientHeight) list.tabIndex = 0;
    else list?.removeAttribute("tabindex");
  });

  function go(path: string) {
    onDone();
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (results.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActivePath(results[(activeIndex + 1) % results.length].path);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActivePath(results[(activeIndex - 1 + results.length) % results.length].path);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(results[activeIndex].path);
    }
  }

  const searchingPsychics = catalogue?.found === undefined && query.trim().length > 0;
  let index = 0;

  return (
    <Flex direction="column" gap="3">
      <TextField.Root
        autoFocus
        size="3"
        placeholder={SEARCH_PROMPT}
        aria-label={SEARCH_PROMPT}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results.length ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActivePath(null);
        }}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <Box ref={listRef} className="search-results" id={listId} role="listbox" aria-label="Risultati della ricerca">
        {groups.map((group) => (
          <Box key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`} mb="2">
            <Box id={`${listId}-${group.key}`} px="3" pt="2" pb="1">
              <Text size="1" weight="bold" color="gray">
                {group.label}
              </Text>
            </Box>
            {group.results.map((result) => {
              const position = index++;
              return (
                <SearchOption
                  key={result.path}
                  id={optionId(position)}
                  result={result}
                  selected={position === activeIndex}
                  onHover={() => setActivePath(result.path)}
                  onChoose={() => go(result.path)}
                />
              );
            })}
          </Box>
        ))}
      </Box>
      {searchingPsychics ? (
        <Box px="3" role="status">
          <Text size="2" color="gray">
            Cerco tra i cartomanti…
          </Text>
        </Box>
      ) : null}
      {results.length === 0 && !searchingPsychics ? (
        <Flex direction="column" align="center" py="6" gap="1" role="status">
          <Text weight="bold">Nessun risultato trovato</Text>
          <Text size="2" color="gray">
            Prova con parole chiave diverse
          </Text>
        </Flex>
      ) : null}
    </Flex>
  );
}

type OptionProps = { id: string; result: SiteSearchResult; selected: boolean; onHover: () => void; onChoose: () => void };

function SearchOption({ id, result, selected, onHover, onChoose }: OptionProps) {
  // Named by its title and described by its line below, so a screen reader says "Selene" first.
  return (
    <Flex
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="search-result"
      gap="3"
      align="center"
      p="3"
      onMouseEnter={onHover}
      onClick={onChoose}
    >
      {result.kind === "psychic" ? (
        <Avatar aria-hidden size="2" radius="full" src={result.photoUrl ?? undefined} fallback={result.title.slice(0, 1)} alt="" />
      ) : null}
      <Box minWidth="0">
        <Text as="div" id={`${id}-title`} weight="medium">
          {result.title}
        </Text>
        <Text as="div" id={`${id}-description`} size="2" color="gray" truncate>
          {result.description}
        </Text>
      </Box>
    </Flex>
  );
}
