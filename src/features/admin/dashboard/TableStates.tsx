import type { ReactNode } from "react";
import { Button, Flex, Skeleton, Spinner, Text, VisuallyHidden } from "@radix-ui/themes";
import type { PaginationStatus } from "convex/react";
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

/** 'Carica altri …' under a list that comes a page at a time, while the server has more of it. */
export function LoadMore({ status, onLoadMore, label }: { status: PaginationStatus; onLoadMore: () => void; label: string }) {
  if (status !== "CanLoadMore" && status !== "LoadingMore") return null;
  return (
    <Flex justify="center">
      <Button variant="soft" onClick={onLoadMore} disabled={status === "LoadingMore"}>
        {status === "LoadingMore" ? <Spinner /> : null} {label}
      </Button>
    </Flex>
  );
}
