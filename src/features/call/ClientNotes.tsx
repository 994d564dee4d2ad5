// What the client wrote when booking, for the psychic only, beside the call or the chat.
import { Card, Heading, Text } from "@radix-ui/themes";
import type { Room } from "./callTypes";

export function ClientNotes({ room }: { room: Room }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby="note-cliente">
        <Heading as="h2" size="3" mb="2" id="note-cliente">
          Note di {room.client.name}
        </Heading>
        <Text as="p" size="2" color={room.notes ? undefined : "gray"} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {room.notes ?? "Nessuna nota per questo consulto."}
        </Text>
      </section>
    </Card>
  );
}
