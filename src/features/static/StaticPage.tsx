import type { ReactNode } from "react";
import { Box, Container, Flex, Heading, Text } from "@radix-ui/themes";

/** The frame of a text page: one h1, an optional lead paragraph, then the sections. */
export function StaticPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Heading as="h1" size={{ initial: "7", sm: "8" }} mb="3">
        {title}
      </Heading>
      {lead ? (
        <Text as="p" size="4" color="gray" mb="6">
          {lead}
        </Text>
      ) : null}
      <Flex direction="column" gap="6">
        {children}
      </Flex>
    </Container>
  );
}

/** A titled block of a text page (h2). */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box asChild>
      <section>
        <Heading as="h2" size="5" mb="2">
          {title}
        </Heading>
        <Flex direction="column" gap="2" className="prose">
          {children}
        </Flex>
      </section>
    </Box>
  );
}
