import { useId, type ReactNode } from "react";
import { Card, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";

/** A titled block of a dashboard (a region named by its heading). */
export function DashboardSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
          <Heading as="h2" size="5" id={headingId}>
            {title}
          </Heading>
          {action}
        </Flex>
        {children}
      </section>
    </Card>
  );
}

/** A list of a dashboard section: no bullets, rows apart. */
export function DashboardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {children}
      </ul>
    </Flex>
  );
}

/** What a section says when it has nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text as="p" color="gray">
      {children}
    </Text>
  );
}

/** Rows still loading. */
export function RowsSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <Flex direction="column" gap="3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="56px" />
      ))}
    </Flex>
  );
}
