import type { ReactNode } from "react";
import { Card, Container, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";

/** The frame of the account pages: one h1, a short lead and the form's card. */
export function AuthLayout({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Container size="1" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Heading as="h1" size={{ initial: "7", sm: "8" }} mb="2">
        {title}
      </Heading>
      <Text as="p" size="3" color="gray" mb="5">
        {lead}
      </Text>
      <Card size="3">{children}</Card>
    </Container>
  );
}

/** Shown while the session loads, so a signed-in person never sees the form flash before leaving. */
export function FormSkeleton() {
  return (
    <Flex direction="column" gap="4" role="group" aria-busy="true" aria-label="Caricamento">
      <Skeleton height="40px" />
      <Skeleton height="40px" />
      <Skeleton height="40px" width="50%" />
    </Flex>
  );
}
