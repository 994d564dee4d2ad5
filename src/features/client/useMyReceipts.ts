// The client's receipts and credit notes (fiscalDocuments:listMyReceipts) by the consultation they are for, so
// each row of the dashboard finds its own without reading the list again. Undefined while loading.
import { useMemo } from "react";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";

export type ReceiptRow = FunctionReturnType<typeof api.fiscalDocuments.listMyReceipts>[number];

/** Booking id → its documents, oldest first (the receipt before the credit notes that correct it). */
export function useMyReceipts(): Map<string, ReceiptRow[]> | undefined {
  const receipts = useQuery(api.fiscalDocuments.listMyReceipts, {});
  return useMemo(() => {
    if (receipts === undefined) return undefined;
    const byBooking = new Map<string, ReceiptRow[]>();
    // The server lists them newest first.
    for (const row of [...receipts].reverse()) {
      if (row.bookingId === null) continue;
      byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
    }
    return byBooking;
  }, [receipts]);
}
