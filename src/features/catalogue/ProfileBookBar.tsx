import { Button, Flex, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import type { ConsultationType } from "@convex/framework/validators";
import { ConsultationTypeBadges } from "@/components/psychic/ConsultationTypeBadges";
import { paths } from "@/lib/paths";
import { formatCents } from "@/lib/text/format";
import "./profile.css";

type Props = {
  /** The profile's address part (its slug, or its id before it has one). */
  address: string;
  psychicName: string;
  minPriceCents: number;
  minDurationMinutes: number;
  /** 'Voce' and/or 'Chat', beside the price. */
  consultationTypes?: ConsultationType[];
  /** Taking consultations: without it the bar keeps the price and says so instead of 'Prenota'. */
  bookable: boolean;
};

/**
 * On a phone the prices panel comes after the whole profile: this bar keeps the starting price and 'Prenota'
 * on screen from the first screen to the end (profile.css; hidden from 768 px, where the panel is beside).
 */
export function ProfileBookBar({ address, psychicName, minPriceCents, minDurationMinutes, consultationTypes, bookable }: Props) {
  return (
    <aside className="profile-bookbar" aria-label={`Prezzo e prenotazione con ${psychicName}`}>
      <Flex align="center" justify="between" gap="3">
        <Flex direction="column">
          {/* The types beside the price, as icons: the bar has no room for their words. */}
          <Flex align="center" gap="2">
            <Text size="4" weight="bold">
              da {formatCents(minPriceCents, { dropZeroCents: true })}
            </Text>
            <ConsultationTypeBadges types={consultationTypes} compact />
          </Flex>
          <Text size="1" color="gray">
            {minDurationMinutes} minuti, IVA inclusa
          </Text>
        </Flex>
        {bookable ? (
          <Button asChild size="3">
            <RouterLink to={paths.psychicBook(address)} aria-label={`Prenota un consulto con ${psychicName}`}>
              Prenota
            </RouterLink>
          </Button>
        ) : (
          <Text size="2" color="gray" align="right">
            Non accetta nuovi consulti
          </Text>
        )}
      </Flex>
    </aside>
  );
}
