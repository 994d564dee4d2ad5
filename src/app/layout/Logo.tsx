import { Flex, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <RouterLink to={paths.home} onClick={onNavigate} aria-label="Arcano, vai alla home" style={{ textDecoration: "none" }}>
      <Flex align="center" gap="2">
        <img src="/arcano-mark.svg" alt="" width={32} height={32} />
        <Text size="5" weight="bold" style={{ fontFamily: "var(--heading-font-family)" }}>
          Arcano
        </Text>
      </Flex>
    </RouterLink>
  );
}
