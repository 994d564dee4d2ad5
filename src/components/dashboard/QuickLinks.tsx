import { Button, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

type QuickLink = { to: string; label: string; icon: ReactNode };

/** A dashboard's row of quick links: the first stands out, the others are outlined. */
export function QuickLinks({ links }: { links: QuickLink[] }) {
  return (
    <Flex gap="2" wrap="wrap" asChild>
      <nav aria-label="Collegamenti rapidi">
        {links.map((link, index) => (
          <Button key={link.to} asChild variant={index === 0 ? "soft" : "outline"}>
            <RouterLink to={link.to}>
              {link.icon}
              {link.label}
            </RouterLink>
          </Button>
        ))}
      </nav>
    </Flex>
  );
}
