import { VisuallyHidden } from "@radix-ui/themes";

/** An empty cell of the admin's tables: a dash on screen, 'non disponibile' to a screen reader. */
export function NotAvailable() {
  return (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>non disponibile</VisuallyHidden>
    </>
  );
}
