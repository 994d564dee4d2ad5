// The messages this page has written and the server has not stored yet. Each has its own id, made here, so
// sending it again (the Convex client resending after a lost connection, or this page after a reload
// while offline: the outbox lives in the tab's sessionStorage) stores it once (chats.send). A refusal
// (the window closed, too long, too fast) stays on the message with the server's reason.
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@/lib/text/errors";

export type OutgoingMessage = { clientMessageId: string; text: string; createdAt: number; error?: string };

const storageKey = (bookingId: string) => `arcano-chat-outbox:${bookingId}`;

function readStored(bookingId: string): OutgoingMessage[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(bookingId)) ?? "[]");
    return Array.isArray(stored) ? (stored as OutgoingMessage[]).filter((message) => typeof message?.clientMessageId === "string") : [];
  } catch {
    return [];
  }
}

function store(bookingId: string, messages: OutgoingMessage[]) {
  try {
    if (messages.length === 0) sessionStorage.removeItem(storageKey(bookingId));
    else sessionStorage.setItem(storageKey(bookingId), JSON.stringify(messages));
  } catch {
    // A full or blocked storage only loses the reload case; the Convex client still resends.
  }
}

/** A message id the server accepts (letters, digits, '-'), unique enough for one conversation. */
function newMessageId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The outbox of one conversation: `pending` are the messages not stored yet (those in `stored`, the ids the
 * conversation already shows, are dropped), `send` writes one, `retry` sends a refused one again, `discard`
 * forgets it.
 */
export function useChatOutbox(bookingId: string, stored: ReadonlySet<string>) {
  const sendMessage = useMutation(api.chats.send);
  const [outbox, setOutbox] = useState<OutgoingMessage[]>(() => readStored(bookingId));
  const outboxRef = useRef(outbox);

  const update = useCallback(
    (change: (messages: OutgoingMessage[]) => OutgoingMessage[]) => {
      setOutbox((messages) => {
        const next = change(messages);
        outboxRef.current = next;
        store(bookingId, next);
        return next;
      });
    },
    [bookingId],
  );

  const deliver = useCallback(
    (message: OutgoingMessage) => {
      sendMessage({ bookingId, clientMessageId: message.clientMessageId, text: message.text }).then(
        () => update((messages) => messages.filter((kept) => kept.clientMessageId !== message.clientMessageId)),
        (failure: unknown) =>
          update((messages) =>
            messages.map((kept) =>
              kept.clientMessageId === message.clientMessageId ? { ...kept, error: errorMessage(failure, "Messaggio non inviato: riprova.") } : kept,
            ),
          ),
      );
    },
    [bookingId, sendMessage, update],
  );

  // What a reload found in the outbox goes again, once.
  useEffect(() => {
    for (const message of outboxRef.current) if (message.error === undefined) deliver(message);
  }, [deliver]);

  const send = useCallback(
    (text: string) => {
      const message: OutgoingMessage = { clientMessageId: newMessageId(), text, createdAt: Date.now() };
      update((messages) => [...messages, message]);
      deliver(message);
    },
    [deliver, update],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const message = outboxRef.current.find((kept) => kept.clientMessageId === clientMessageId);
      if (!message) return;
      update((messages) => messages.map((kept) => (kept.clientMessageId === clientMessageId ? { ...kept, error: undefined } : kept)));
      deliver({ ...message, error: undefined });
    },
    [deliver, update],
  );

  const discard = useCallback(
    (clientMessageId: string) => update((messages) => messages.filter((kept) => kept.clientMessageId !== clientMessageId)),
    [update],
  );

  const pending = outbox.filter((message) => !stored.has(message.clientMessageId));
  return { pending, send, retry, discard };
}
