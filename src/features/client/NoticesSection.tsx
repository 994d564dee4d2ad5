// 'Notifiche' on the client's dashboard: a time freed on a day the client waited for ('Avvisami'),
// live, with the way to that day's booking page; reading one marks it read at once (optimistic).
import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { bookingDayPath } from "@convex/model/availabilityAlerts";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatItalianDate } from "@/lib/text/format";

export function NoticesSection() {
  const answer = useQuery(api.notices.listMine, {});
  const markRead = useMutation(api.notices.markRead).withOptimisticUpdate((store, { noticeId }) => {
    const current = store.getQuery(api.notices.listMine, {});
    if (current === undefined) return;
    const notices = current.notices.map((notice) => (notice.id === noticeId ? { ...notice, read: true } : notice));
    store.setQuery(api.notices.listMine, {}, { notices, unread: notices.filter((notice) => !notice.read).length });
  });
  const read = (noticeId: string) => {
    markRead({ noticeId }).catch((error: unknown) => toast.error(errorMessage(error)));
  };
  const unread = answer?.unread ?? 0;
  return (
    <DashboardSection
      title="Notifiche"
      action={
        unread > 0 ? (
          <Badge color="violet" size="2">
            {unread === 1 ? "1 da leggere" : `${unread} da leggere`}
          </Badge>
        ) : null
      }
    >
      {answer === undefined ? (
        <RowsSkeleton label="Caricamento delle notifiche" rows={1} />
      ) : answer.notices.length === 0 ? (
        <EmptyNote>Nessuna notifica. Con 'Avvisami' sulla pagina di prenotazione ti diciamo qui quando si libera un orario.</EmptyNote>
      ) : (
        <DashboardList label="Notifiche">
          {answer.notices.map((notice) => (
            <li key={notice.id}>
              <Flex align="center" gap="3" wrap="wrap">
                <Flex direction="column" style={{ flex: 1, minWidth: 200 }}>
                  <Text weight={notice.read ? "regular" : "bold"}>
                    Si è liberato un orario con {notice.psychicName} per {formatItalianDate(notice.date)}
                  </Text>
                  {notice.read ? null : (
                    <Text size="1" color="violet">
                      Da leggere
                    </Text>
                  )}
                </Flex>
                <Button asChild size="3">
                  <RouterLink
                    to={bookingDayPath(notice.psychicProfileId, notice.date, notice.durationMinutes)}
                    onClick={() => notice.read || read(notice.id)}
                  >
                    Scegli l'orario
                  </RouterLink>
                </Button>
                {notice.read ? null : (
                  <Button type="button" size="3" variant="soft" onClick={() => read(notice.id)}>
                    Segna come letta
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </DashboardList>
      )}
    </DashboardSection>
  );
}
