import type { ReactNode } from "react";
import { Flex, Skeleton, Text, VisuallyHidden } from "@radix-ui/themes";
import { FailureCallout } from "@/components/form/FailureCallout";

/** 'Errore nel caricamento degli utenti: …' — which table failed, and why. */
export function TableError({ what, reason }: { what: string; reason: string }) {
  return <FailureCallout message={`Errore nel caricamento ${what}: ${reason}`} />;
}

export function TableLoading({ label }: { label: string }) {
  return (
    <Flex direction="column" gap="2" role="status" aria-label={label}>
      <Skeleton height="36px" />
      <Skeleton height="36px" />
      <Skeleton height="36px" />
    </Flex>
  );
}

export function TableEmpty({ children }: { children: ReactNode }) {
  return (
    <Text as="p" color="gray" my="3">
      {children}
    </Text>
  );
}

/** A table's name for screen readers (and for tests finding it by role): Radix's Table.Root labels its wrapper, not the table. */
export function TableCaption({ children }: { children: string }) {
  return (
    <VisuallyHidden asChild>
      <caption>{children}</caption>
    </VisuallyHidden>
  );
}
