// A reported chat consultation's conversation, for the admin handling the report (chats.readReported: only
// while the report exists). Read-only, as both parties read it: contact details already masked.
import { Button, Dialog, Flex, Spinner, Text } from "@radix-ui/themes";
import { useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { formatItalianDate, formatRomeTime } from "@/lib/text/format";

export function ReportedChatDialog({ bookingId }: { bookingId: Id<"bookings"> }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="1" variant="soft" style={{ alignSelf: "start" }}>
          Leggi la chat
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Chat del consulto segnalato</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          La conversazione come l'hanno letta le due parti: i contatti personali sono già nascosti.
        </Dialog.Description>
        {open && <ReportedConversation bookingId={bookingId} />}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Chiudi
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ReportedConversation({ bookingId }: { bookingId: Id<"bookings"> }) {
  const chat = useQuery(api.chats.readReported, { bookingId });
  if (chat === undefined) {
    return (
      <Flex justify="center" py="4" role="status" aria-label="Caricamento della chat">
        <Spinner />
      </Flex>
    );
  }
  const nameOf = (party: "client" | "psychic") => (party === "psychic" ? chat.psychicName : chat.clientName);
  return (
    <Flex direction="column" gap="2" mt="3">
      <Text size="2" weight="medium">
        {chat.psychicName} con {chat.clientName}, {formatItalianDate(chat.scheduledDate)} alle {chat.scheduledTime}
      </Text>
      {chat.messages.length === 0 ? (
        <Text size="2" color="gray">
          In questo consulto non è stato scritto nessun messaggio.
        </Text>
      ) : (
        <ol aria-label="Messaggi della chat" style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: "50dvh", overflowY: "auto" }} tabIndex={0}>
          {chat.messages.map((message) => (
            <li key={message.id} style={{ padding: "6px 0", borderBottom: "1px solid var(--gray-a4)" }}>
              <Text size="1" color="gray">
                {formatRomeTime(message.sentAt)} · {nameOf(message.party)} ({message.party === "psychic" ? "cartomante" : "cliente"})
              </Text>
              <Text as="p" size="2" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {message.body}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}
