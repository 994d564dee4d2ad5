// The client's completed consultations and their reviews: write one, edit it for 7 days, read it after.
import { Card, Flex, Text } from "@radix-ui/themes";
import { StarFilledIcon } from "@radix-ui/react-icons";
import { api } from "@convex/_generated/api";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { formatItalianDate, formatRomeDateTime } from "@/lib/text/format";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { ReviewDialog } from "./ReviewDialog";

export function ClientReviews({ now }: { now: number }) {
  // Kept on the device with the rest of the dashboard: shown without a connection too.
  const { data: consultations } = useCachedQuery(api.reviews.listMine, { now });
  return (
    <DashboardSection title="Le tue recensioni">
      {consultations === undefined ? (
        <RowsSkeleton label="Caricamento delle recensioni" rows={1} />
      ) : consultations.length === 0 ? (
        <EmptyNote>Dopo il tuo primo consulto completato potrai lasciare qui una recensione.</EmptyNote>
      ) : (
        <DashboardList label="Consulti completati e recensioni">
          {consultations.map((consultation) => {
            const review = consultation.review;
            const when = `${formatItalianDate(consultation.scheduledDate)}, ${consultation.scheduledTime}`;
            return (
              <li key={consultation.bookingId}>
                <Card size="2">
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Flex direction="column" gap="1" minWidth="0">
                      <Text weight="bold">{consultation.psychicName}</Text>
                      <Text size="2" color="gray">
                        {when}
                      </Text>
                      {review ? (
                        <>
                          <Flex align="center" gap="1" role="img" aria-label={`${review.rating} stelle su 5`}>
                            {Array.from({ length: review.rating }, (_, index) => (
                              <StarFilledIcon key={index} color="var(--amber-9)" aria-hidden />
                            ))}
                          </Flex>
                          <Text size="2" style={{ overflowWrap: "anywhere" }}>
                            {review.comment}
                          </Text>
                          {review.nickname ? (
                            <Text size="1" color="gray">
                              Pubblicata come «{review.nickname}»
                            </Text>
                          ) : null}
                          {review.editable ? (
                            <Text size="1" color="gray">
                              Modificabile fino al {formatRomeDateTime(review.editableUntil)}
                            </Text>
                          ) : null}
                        </>
                      ) : (
                        <Text size="2" color="gray">
                          Non hai ancora lasciato una recensione.
                        </Text>
                      )}
                    </Flex>
                    {review === null || review.editable ? (
                      <ReviewDialog bookingId={consultation.bookingId} psychicName={consultation.psychicName} existing={review} />
                    ) : null}
                  </Flex>
                </Card>
              </li>
            );
          })}
        </DashboardList>
      )}
    </DashboardSection>
  );
}
