// The contact inbox's data: the counts of each filter, a filter's pages kept on the device, and the
// read/replied marks that move a message in every loaded list and in the counts at once.
import { optimisticallyUpdateValueInPaginatedQuery, useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useCachedFirstPage } from "@/lib/offline/useCachedFirstPage";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import type { MessageStatus } from "./MessageCard";

export type Filter = "all" | MessageStatus;

/** How many messages each filter holds, kept on the device; undefined while loading. */
export function useMessageCounts() {
  return useCachedQuery(api.admin.messageCounts, {}).data;
}

/** A filter's messages, newest first, `pageSize` at a time; the first page kept on the device. */
export function useInboxMessages(filter: Filter, pageSize: number) {
  return useCachedFirstPage(api.admin.listMessages, { status: filter }, { initialNumItems: pageSize });
}

/** Moves a message forward in every loaded list and in the counts at once; the server has the last word. */
function moveLocally(store: OptimisticLocalStore, messageId: Id<"contactMessages">, to: MessageStatus) {
  let from: MessageStatus | null = null;
  for (const status of ["all", "unread", "read", "replied"] as const) {
    optimisticallyUpdateValueInPaginatedQuery(store, api.admin.listMessages, { status }, (message) => {
      if (message.id !== messageId) return message;
      from = message.status;
      return { ...message, status: to };
    });
  }
  const counts = store.getQuery(api.admin.messageCounts, {});
  if (from !== null && counts) store.setQuery(api.admin.messageCounts, {}, { ...counts, [from]: counts[from] - 1, [to]: counts[to] + 1 });
  const unread = store.getQuery(api.admin.unreadMessageCount, {});
  if (from === "unread" && unread !== undefined) store.setQuery(api.admin.unreadMessageCount, {}, Math.max(0, unread - 1));
}

/** Marking a message read or replied, shown at once. */
export function useMessageMarks() {
  const markRead = useMutation(api.admin.markMessageRead).withOptimisticUpdate((store, { messageId }) => moveLocally(store, messageId, "read"));
  const markReplied = useMutation(api.admin.markMessageReplied).withOptimisticUpdate((store, { messageId }) =>
    moveLocally(store, messageId, "replied"),
  );
  return { markRead, markReplied };
}
