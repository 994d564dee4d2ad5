import { useEffect, useId, useMemo, useState } from "react";
import type { KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Box, Button, Dialog, Flex, Kbd, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { filterSiteSearch } from "./siteSearch";

/** The header's page search: a button, Ctrl/⌘+K, and a dialog of keyboard-navigable results. */
export function SiteSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((isOpen) => !isOpen);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="soft" color="gray" aria-label="Cerca nel sito">
          <MagnifyingGlassIcon />
          <Box asChild display={{ initial: "none", md: "inline" }}>
            <span>Cerca</span>
          </Box>
          <Box asChild display={{ initial: "none", md: "inline" }}>
            <Kbd size="1">Ctrl K</Kbd>
          </Box>
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <VisuallyHidden>
          <Dialog.Title>Cerca nel sito</Dialog.Title>
        </VisuallyHidden>
        {/* Mounted only while open, so every opening starts from an empty query. */}
        {open ? <SiteSearchPanel onDone={() => setOpen(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SiteSearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const results = useMemo(() => filterSiteSearch(query), [query]);

  function go(path: string) {
    onDone();
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (results.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(results[Math.min(active, results.length - 1)].path);
    }
  }

  const activeIndex = Math.min(active, Math.max(results.length - 1, 0));

  return (
    <Flex direction="column" gap="3">
      <TextField.Root
        autoFocus
        size="3"
        placeholder="Cerca pagine, informazioni..."
        aria-label="Cerca pagine, informazioni..."
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results.length ? `${listId}-${activeIndex}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <Box className="search-results" id={listId} role="listbox" aria-label="Risultati della ricerca">
        {results.length === 0 ? (
          <Flex direction="column" align="center" py="6" gap="1">
            <Text weight="bold">Nessun risultato trovato</Text>
            <Text size="2" color="gray">
              Prova con parole chiave diverse
            </Text>
          </Flex>
        ) : (
          results.map((item, index) => (
            <Box
              key={item.path}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="search-result"
              p="3"
              onMouseEnter={() => setActive(index)}
              onClick={() => go(item.path)}
            >
              <Text as="div" weight="medium">
                {item.title}
              </Text>
              <Text as="div" size="2" color="gray">
                {item.description}
              </Text>
            </Box>
          ))
        )}
      </Box>
    </Flex>
  );
}
