// Where one writes: a labelled text area (Enter sends, Shift+Enter starts a new line), its length against the
// limit, and 'Invia'. While one types, the other side hears of it every few seconds ('sta scrivendo').
import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { CHAT_MESSAGE_MAX_LENGTH, TYPING_REPORT_MS } from "@convex/model/chats";

export function ChatComposer({ bookingId, onSend }: { bookingId: string; onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  const setTyping = useMutation(api.chats.setTyping);
  const lastReport = useRef(0);
  const tooLong = text.trim().length > CHAT_MESSAGE_MAX_LENGTH;
  const empty = text.trim() === "";

  const reportTyping = () => {
    const now = Date.now();
    if (now - lastReport.current < TYPING_REPORT_MS) return;
    lastReport.current = now;
    void setTyping({ bookingId }).catch(() => undefined);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || tooLong) return;
    onSend(text.trim());
    setText("");
    lastReport.current = 0;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={submit} aria-label="Scrivi un messaggio">
      <label htmlFor="chat-message" className="chat-composer-label">
        <Text size="2" weight="medium">
          Il tuo messaggio
        </Text>
      </label>
      <Flex gap="2" align="end">
        <TextArea
          id="chat-message"
          value={text}
          rows={2}
          placeholder="Scrivi qui…"
          aria-describedby="chat-message-length"
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== "") reportTyping();
          }}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: "nearest" })}
          style={{ flex: 1 }}
        />
        <Button type="submit" size="3" disabled={empty || tooLong} style={{ minHeight: 44 }}>
          Invia
        </Button>
      </Flex>
      <Text as="p" size="1" color={tooLong ? "red" : "gray"} id="chat-message-length" aria-live={tooLong ? "polite" : "off"}>
        {tooLong
          ? `Il messaggio è troppo lungo: al massimo ${CHAT_MESSAGE_MAX_LENGTH} caratteri (ora ${text.trim().length}).`
          : `${text.trim().length}/${CHAT_MESSAGE_MAX_LENGTH} · Invio per mandare, Maiusc+Invio per andare a capo`}
      </Text>
    </form>
  );
}
