// The end of a consultation, in the room: why, if the psychic never came; for the client the review in
// place once the consultation may be reviewed (held and completed, not reviewed yet: reviews.createMine's
// rule) and 'Prenota di nuovo' with the same psychic's next free times; for the psychic the outcome.
import { useState } from "react";
import { Button, Callout, Flex, Heading, Link, Spinner, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { ReviewForm } from "@/components/booking/ReviewForm";
import { useNextAvailability } from "@/lib/catalogue/nextAvailability";
import { formatFirstFree } from "@/lib/text/format";
import { homePathFor, paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { useViewer } from "@/lib/account/session";
import { useNow } from "@/lib/time/useNow";
import type { Room } from "./callTypes";
import { bookAgainPath, nextStartTimes } from "./nextTimes";

const tall = { minHeight: 44 };

/** The signed-in person's dashboard (the spec's /dashboard, each role's own). */
export function useDashboardPath(): string {
  const viewer = useViewer();
  return viewer ? homePathFor(viewer) : paths.dashboard;
}

export function AfterTheCall({ room, otherName }: { room: Room; otherName: string }) {
  const dashboard = useDashboardPath();
  const [reviewed, setReviewed] = useState(false);
  const marksOutcome = room.party === "psychic" && room.bookingStatus !== "psychic_absent";
  const where = room.consultationType === "chat" ? { in: "nella chat", from: "dalla chat" } : { in: "nella chiamata", from: "dalla chiamata" };
  return (
    <Flex direction="column" align="center" gap="4" width="100%">
      {room.bookingStatus === "psychic_absent" ? (
        <Callout.Root color="red">
          <Callout.Text>
            {room.party === "client"
              ? `${otherName} non ha tenuto il consulto (non si è collegato o è rimasto ${where.in} troppo poco): il consulto è annullato e ti rimborsiamo l'intero importo.`
              : `Il consulto è stato annullato perché ${where.from} non risulti presente entro ${limits.psychicGrace} dall'inizio, o per almeno metà della durata mentre il cliente era collegato; l'importo è stato rimborsato per intero.`}
          </Callout.Text>
        </Callout.Root>
      ) : room.party === "client" ? (
        reviewed ? (
          <Text as="p" role="status">
            Grazie! La tua recensione è sul profilo di {otherName}; puoi modificarla dalla dashboard per {limits.reviewEditWindow}.
          </Text>
        ) : room.reviewable ? (
          <Flex asChild direction="column" gap="3" width="100%" maxWidth="520px" style={{ textAlign: "start" }}>
            <section aria-labelledby="recensione-consulto">
              <Heading as="h2" size="4" id="recensione-consulto">
                Com'è andato il consulto con {otherName}?
              </Heading>
              <Text as="p" size="2" color="gray">
                La tua recensione aiuta altre persone a scegliere. Potrai modificarla per {limits.reviewEditWindow}.
              </Text>
              <ReviewForm bookingId={room.bookingId} existing={null} onDone={() => setReviewed(true)} />
            </section>
          </Flex>
        ) : (
          <Text as="p" color="gray">
            Grazie per aver scelto Arcano.
          </Text>
        )
      ) : (
        <>
          <Text as="p">Il consulto si chiude da solo secondo la presenza {where.in}; se serve puoi correggerne l'esito.</Text>
          <Button asChild size="3" style={tall}>
            <RouterLink to={paths.psychicDashboard}>Segna esito</RouterLink>
          </Button>
        </>
      )}
      {room.party === "client" && <BookAgain room={room} otherName={otherName} />}
      {!marksOutcome && (
        <Button asChild variant="soft" size="3" style={tall}>
          <RouterLink to={dashboard}>Vai alla dashboard</RouterLink>
        </Button>
      )}
    </Flex>
  );
}

/** 'Prenota di nuovo': a few of the psychic's next free times for as long as this consultation, each one tap to its booking page. */
function BookAgain({ room, otherName }: { room: Room; otherName: string }) {
  const now = useNow(5 * 60_000);
  const days = useNextAvailability(room.psychicProfileId, now);
  const times = days === undefined ? undefined : nextStartTimes(days, room.durationMinutes);
  return (
    <Flex asChild direction="column" gap="2" width="100%" maxWidth="520px" style={{ textAlign: "start" }}>
      <section aria-labelledby="prenota-di-nuovo">
        <Heading as="h2" size="4" id="prenota-di-nuovo">
          Prenota di nuovo
        </Heading>
        {times === undefined ? (
          <Flex role="status" aria-label="Caricamento degli orari liberi" py="2">
            <Spinner />
          </Flex>
        ) : times.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {otherName} non ha orari liberi nei prossimi giorni.
          </Text>
        ) : (
          <>
            <Text as="p" size="2" color="gray">
              I prossimi orari liberi di {otherName} per {room.durationMinutes} minuti:
            </Text>
            <Flex asChild gap="2" wrap="wrap" m="0" p="0" style={{ listStyle: "none" }}>
              <ul aria-label={`Prossimi orari liberi di ${otherName}`}>
                {times.map((time) => (
                  <li key={`${time.date} ${time.time}`}>
                    <Button asChild variant="outline" size="3" style={tall}>
                      <RouterLink to={bookAgainPath(room.psychicProfileId, room.durationMinutes, time)}>{formatFirstFree(time, now)}</RouterLink>
                    </Button>
                  </li>
                ))}
              </ul>
            </Flex>
          </>
        )}
        <Link asChild size="2" style={{ alignSelf: "start" }}>
          <RouterLink to={bookAgainPath(room.psychicProfileId, room.durationMinutes)}>Tutti gli orari di {otherName}</RouterLink>
        </Link>
      </section>
    </Flex>
  );
}
