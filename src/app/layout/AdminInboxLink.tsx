import { Badge, Button } from "@radix-ui/themes";
import { EnvelopeClosedIcon } from "@radix-ui/react-icons";
import { useMemo } from "react";
import { useQueries } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";

/** The admin's way to the inbox, with the unread count kept live by the subscription. */
export function AdminInboxLink({ onNavigate }: { onNavigate?: () => void }) {
  // useQueries hands a failure back instead of throwing it into the header (a sign-out under way
  // ends the admin's right to read the count before the header knows); the request must be stable.
  const request = useMemo(() => ({ unread: { query: api.admin.unreadMessageCount, args: {} } }), []);
  const result = (useQueries(request) as { unread: number | Error | undefined }).unread;
  const unread = typeof result === "number" ? result : 0;
  const label = unread ? `Messaggi, ${unread === 1 ? "1 non letto" : `${unread} non letti`}` : "Messaggi";
  return (
    <Button asChild variant="soft" color="gray">
      <RouterLink to={paths.adminMessages} onClick={onNavigate} aria-label={label}>
        <EnvelopeClosedIcon aria-hidden />
        Messaggi
        {unread ? (
          <Badge color="red" variant="solid" radius="full" data-testid="unread-badge" aria-hidden>
            {unread}
          </Badge>
        ) : null}
      </RouterLink>
    </Button>
  );
}
