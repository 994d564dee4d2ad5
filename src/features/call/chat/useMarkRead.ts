// What the other party wrote is read once this page shows it: the newest of their messages is marked read
// when it arrives while the page is visible, or when the page comes back into view.
import { useEffect } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";

export function useMarkRead(bookingId: string, messages: ReadonlyArray<{ mine: boolean; sentAt: number }>) {
  const markRead = useMutation(api.chats.markRead);
  const newestOther = messages.findLast((message) => !message.mine)?.sentAt ?? null;
  useEffect(() => {
    if (newestOther === null) return;
    const mark = () => {
      if (document.visibilityState === "visible") void markRead({ bookingId, upTo: newestOther }).catch(() => undefined);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [bookingId, newestOther, markRead]);
}
