import { Badge, Flex, VisuallyHidden } from "@radix-ui/themes";
import { ChatBubbleIcon, SpeakerLoudIcon } from "@radix-ui/react-icons";
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import { offeredTypesOf } from "@convex/model/psychics";

/** Each type's icon, beside its word: a call is heard, a chat is written. */
export const consultationTypeIcons = { voice: SpeakerLoudIcon, chat: ChatBubbleIcon } as const satisfies Record<ConsultationType, unknown>;

/**
 * 'Voce' and/or 'Chat': the types a psychic offers, voice first. Absent (an answer kept on the device from
 * before chat) means voice only, as the server reads a profile without them. `compact` shows the icons alone
 * (a narrow bar), the words kept for screen readers and as the badge's tooltip.
 */
export function ConsultationTypeBadges({ types, compact = false }: { types?: ConsultationType[]; compact?: boolean }) {
  const offered = offeredTypesOf({ consultationTypes: types });
  return (
    <Flex gap="1" wrap="wrap" role="group" aria-label="Consulti offerti">
      {offered.map((type) => {
        const Icon = consultationTypeIcons[type];
        const word = consultationTypeWords[type].label;
        return (
          <Badge key={type} color="violet" variant="soft" highContrast title={compact ? word : undefined}>
            <Icon aria-hidden />
            {compact ? <VisuallyHidden>{word}</VisuallyHidden> : word}
          </Badge>
        );
      })}
    </Flex>
  );
}
