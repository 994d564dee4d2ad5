// The conversation: the stored messages, oldest first, then this page's own not stored yet, each with its
// time and delivery state ('Inviato', 'Letto' once the other has read it); under one's own message, what
// was hidden from it and why; the other's typing under the last message. New messages scroll into view and
// are read out politely; what the other wrote is marked read while this page is visible.
import { useEffect, useRef, type ReactNode } from "react";
import { Button, Flex, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { formatRomeTime } from "@/lib/text/format";
import { deliveryText, maskedNotice, typingText, type Delivery } from "./chatWords";
import type { OutgoingMessage } from "./useChatOutbox";

type ChatMessage = FunctionReturnType<typeof api.chats.listMessages>["messages"][number];

type Props = {
  messages: readonly ChatMessage[];
  pending: readonly OutgoingMessage[];
  offline: boolean;
  names: { self: string; other: string };
  /** The send time of the last of one's messages the other has read; null before any. */
  otherReadUpTo: number | null;
  otherTyping: boolean;
  onRetry?: (clientMessageId: string) => void;
  onDiscard?: (clientMessageId: string) => void;
  /** Empty: what the empty conversation says. */
  emptyText: string;
};

export function ChatConversation({ messages, pending, offline, names, otherReadUpTo, otherTyping, onRetry, onDiscard, emptyText }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [count, otherTyping]);

  return (
    <div className="chat-log" role="log" aria-live="polite" aria-label="Conversazione" tabIndex={0}>
      {count === 0 && (
        <Text as="p" size="2" color="gray" className="chat-empty">
          {emptyText}
        </Text>
      )}
      <ol className="chat-messages">
        {messages.map((message) => {
          const delivery: Delivery = otherReadUpTo !== null && otherReadUpTo >= message.sentAt ? "read" : "sent";
          return (
            <MessageBubble
              key={message.id}
              mine={message.mine}
              author={message.mine ? names.self : names.other}
              body={message.body}
              time={formatRomeTime(message.sentAt)}
              delivery={message.mine ? delivery : null}
              notice={message.mine && message.masked.length > 0 ? maskedNotice(message.masked) : null}
            />
          );
        })}
        {pending.map((message) => (
          <MessageBubble
            key={message.clientMessageId}
            mine
            author={names.self}
            body={message.text}
            time={formatRomeTime(message.createdAt)}
            delivery={message.error ? "failed" : offline ? "waiting_connection" : "sending"}
            notice={message.error ?? null}
            actions={
              message.error && onRetry && onDiscard ? (
                <Flex gap="2" justify="end">
                  <Button size="1" variant="soft" onClick={() => onRetry(message.clientMessageId)}>
                    Riprova
                  </Button>
                  <Button size="1" variant="ghost" color="gray" onClick={() => onDiscard(message.clientMessageId)}>
                    Elimina
                  </Button>
                </Flex>
              ) : null
            }
          />
        ))}
      </ol>
      <Text as="p" size="1" color="gray" className="chat-typing" aria-live="polite">
        {otherTyping ? typingText(names.other) : ""}
      </Text>
      <div ref={end} />
    </div>
  );
}

type BubbleProps = {
  mine: boolean;
  author: string;
  body: string;
  time: string;
  delivery: Delivery | null;
  notice: string | null;
  actions?: ReactNode;
};

function MessageBubble({ mine, author, body, time, delivery, notice, actions }: BubbleProps) {
  return (
    <li className={mine ? "chat-message chat-message-mine" : "chat-message"} data-delivery={delivery ?? undefined}>
      <div className="chat-bubble">
        <Text as="p" size="1" weight="bold" className="chat-author">
          {author}
        </Text>
        <Text as="p" size="2" className="chat-body">
          {body}
        </Text>
        <Text as="p" size="1" color="gray" className="chat-meta">
          <time>{time}</time>
          {delivery && <span> · {deliveryText[delivery]}</span>}
        </Text>
      </div>
      {notice && (
        <Text as="p" size="1" color={delivery === "failed" ? "red" : "amber"} highContrast className="chat-notice">
          {notice}
        </Text>
      )}
      {actions}
    </li>
  );
}
