import type { ReactNode } from "react";
import { Card, Flex, Skeleton, Text } from "@radix-ui/themes";

/** One figure of a dashboard: its label, the value (a skeleton while loading) and an optional note. */
export function StatCard({ label, value, note }: { label: string; value: ReactNode | undefined; note?: string }) {
  return (
    <Card size="2" asChild>
      <section aria-label={label} aria-busy={value === undefined}>
        <Flex direction="column" gap="1">
          <Text size="2" color="gray">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height="32px" width="64px" />
          ) : (
            <Text size="7" weight="bold">
              {value}
            </Text>
          )}
          {note ? (
            <Text size="1" color="gray">
              {note}
            </Text>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
