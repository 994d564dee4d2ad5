// The chat page is in the room while it is open inside the window: it enters at once, confirms its
// presence every few seconds as a call's page does (attendance reads these signs, and each message), and
// leaves when the page goes. Nothing to start: opening a chat is being there.
import { useEffect } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { HEARTBEAT_MS } from "@convex/model/calls";

export function useChatPresence(bookingId: string, open: boolean) {
  const join = useMutation(api.calls.join);
  const leave = useMutation(api.calls.leave);
  useEffect(() => {
    if (!open) return;
    const beat = () => void join({ bookingId }).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    // A closed tab says so at once; otherwise the other side would see this one for half a minute more.
    const goneNow = () => void leave({ bookingId }).catch(() => undefined);
    window.addEventListener("pagehide", goneNow);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", goneNow);
      goneNow();
    };
  }, [bookingId, open, join, leave]);
}
