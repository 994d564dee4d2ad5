import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Box, Button, Kbd } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";

const loadDialog = () => import("./SiteSearchDialog");
const SiteSearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.SiteSearchDialog })));

/**
 * The header's site search: a button, Ctrl/⌘+K, and a dialog of keyboard-navigable results: psychics
 * (their profile), topics and techniques (the list filtered by them) and the site's pages. The dialog's code
 * (SiteSearchDialog.tsx) comes on the first opening, or before it as the pointer or the focus reaches the button.
 */
export function SiteSearch() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setUsed(true);
        setOpen((isOpen) => !isOpen);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <Button
        ref={button}
        variant="soft"
        color="gray"
        aria-label="Cerca nel sito"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MagnifyingGlassIcon />
        <Box asChild display={{ initial: "none", md: "inline" }}>
          <span>Cerca</span>
        </Box>
        <Box asChild display={{ initial: "none", md: "inline" }}>
          <Kbd size="1">Ctrl K</Kbd>
        </Box>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <SiteSearchDialog open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}
