import { useState } from "react";
import { Avatar, Badge, Button, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatRating, formatRomeDateTime } from "@/lib/text/format";
import { ApproveDialog } from "./ApproveDialog";
import { publicLabel } from "./publicLabel";
import { RejectDialog } from "./RejectDialog";
import { StatusBadge } from "./StatusBadge";
import { SuspensionControl } from "./SuspensionControl";
import { LoadMore, TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { NotAvailable } from "./NotAvailable";
import { VerificationCallCell } from "./VerificationCall";

type Psychic = FunctionReturnType<typeof api.admin.listPsychics>["page"][number];

const updateFailed = "Impossibile aggiornare il cartomante.";
const PAGE_SIZE = 25;

/**
 * Cartomanti: the review queue first (all of it, on the first page), then every psychic, newest first, a
 * page at a time, with their figures, suspension and verification call.
 */
export function PsychicsTab() {
  return (
    <ErrorBoundary fallback={(error) => <TableError what="dei cartomanti" reason={errorMessage(error)} />}>
      <PsychicsLists />
    </ErrorBoundary>
  );
}

function PsychicsLists() {
  const { results, status, loadMore } = usePaginatedQuery(api.admin.listPsychics, {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <TableLoading label="Caricamento dei cartomanti" />;
  const queue = results.filter((psychic) => psychic.inReview !== null);

  return (
    <Flex direction="column" gap="5">
      <section aria-labelledby="review-queue-heading">
        <Heading as="h2" size="4" mb="3" id="review-queue-heading">
          Da approvare ({queue.length})
        </Heading>
        {queue.length === 0 ? (
          <TableEmpty>Nessun profilo in attesa di approvazione.</TableEmpty>
        ) : (
          <Flex direction="column" gap="3" asChild>
            <ul aria-label="Profili da approvare" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {queue.map((psychic) => (
                <li key={psychic.id}>
                  <ReviewCard psychic={psychic} />
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </section>

      <section aria-labelledby="all-psychics-heading">
        <Heading as="h2" size="4" mb="3" id="all-psychics-heading">
          Tutti i cartomanti
        </Heading>
        {results.length === 0 ? (
          <TableEmpty>Nessun cartomante registrato.</TableEmpty>
        ) : (
          <Table.Root variant="surface">
            <TableCaption>Cartomanti</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Nome</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Stato</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Prenotazioni</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Ricavi</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Valutazione</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Pubblico</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Sospensione</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Chiamata di verifica</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {results.map((psychic) => (
                <Table.Row key={psychic.id} align="center">
                  <Table.RowHeaderCell>{psychic.psychicName}</Table.RowHeaderCell>
                  <Table.Cell>{psychic.email ?? <NotAvailable />}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={psychic.profileStatus} />
                  </Table.Cell>
                  <Table.Cell>{psychic.bookings}</Table.Cell>
                  <Table.Cell>{formatCents(psychic.revenueCents)}</Table.Cell>
                  <Table.Cell>{psychic.rating === null ? "Nuovo" : `${formatRating(psychic.rating)} (${psychic.reviewCount})`}</Table.Cell>
                  {/* Whether the public sees it: the psychic's choice, approved, not suspended ('Sì' only then). */}
                  <Table.Cell>{publicLabel({ ...psychic, isSuspended: psychic.suspension !== null })}</Table.Cell>
                  <Table.Cell>
                    <SuspensionControl profileId={psychic.id} psychicName={psychic.psychicName} suspension={psychic.suspension} />
                  </Table.Cell>
                  <Table.Cell>
                    <VerificationCallCell psychic={psychic} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Carica altri cartomanti" />
      </section>
    </Flex>
  );
}

/**
 * A profile (or an approved profile's changes) waiting for the admin: what would go public, and the two
 * answers. Both name the version the admin has read (docs/product-rules.md, "Contact and admin"): when the
 * psychic changes it while the card is open, the card says so and the server refuses the older version.
 */
function ReviewCard({ psychic }: { psychic: Psychic }) {
  const approve = useMutation(api.admin.approvePsychic);
  const reject = useMutation(api.admin.rejectPsychic);
  const [readVersion, setReadVersion] = useState(psychic.reviewVersion);
  const changedWhileOpen = readVersion !== psychic.reviewVersion;
  const changesOnly = psychic.inReview === "changes";
  const shown = psychic.pendingChanges ?? { psychicName: psychic.psychicName, bio: psychic.bio, photoUrl: psychic.photoUrl };

  // The dialog shows the server's refusal (a version read before a change, no verification call) where it was asked.
  const onApprove = async (): Promise<string | null> => {
    try {
      await approve({ profileId: psychic.id, reviewVersion: readVersion });
      toast.success(
        changesOnly ? "Modifiche approvate" : "Profilo approvato",
        psychic.isPubliclyVisible ? `${shown.psychicName} è ora visibile nella lista dei cartomanti.` : undefined,
      );
      return null;
    } catch (failure) {
      return errorMessage(failure, updateFailed);
    }
  };
  const onReject = async (note: string) => {
    try {
      await reject({ profileId: psychic.id, reviewVersion: readVersion, note });
      toast.success(changesOnly ? "Modifiche rifiutate" : "Profilo rifiutato", "Il cartomante vedrà la tua nota.");
      return true;
    } catch (failure) {
      toast.error(errorMessage(failure, updateFailed));
      return false;
    }
  };

  return (
    <Card size="2" asChild>
      <article aria-label={`${changesOnly ? "Modifiche" : "Profilo"} di ${shown.psychicName}`}>
        <Flex gap="3" align="start" wrap="wrap">
          <Avatar size="4" radius="full" src={shown.photoUrl ?? undefined} fallback={shown.psychicName.slice(0, 1)} alt="" />
          <Flex direction="column" gap="1" flexGrow="1" minWidth="200px">
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight="bold">{shown.psychicName}</Text>
              <Badge color="amber" variant="soft" highContrast>
                {changesOnly ? "Modifiche a un profilo approvato" : "Nuovo profilo"}
              </Badge>
              {psychic.verificationCallCompleted ? (
                <Badge color="green" variant="soft" highContrast>
                  Verificato
                </Badge>
              ) : null}
            </Flex>
            <Text size="2" color="gray">
              {psychic.email ?? <NotAvailable />}
              {psychic.changesSubmittedAt ? ` · inviate il ${formatRomeDateTime(psychic.changesSubmittedAt)}` : ""}
            </Text>
            {changesOnly && shown.psychicName !== psychic.psychicName ? <Text size="2">Nome attuale: {psychic.psychicName}</Text> : null}
            {/* The whole bio: what the admin approves is exactly what goes public. */}
            <Text size="2" as="p" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
              {shown.bio || "Nessuna biografia."}
            </Text>
            {changedWhileOpen ? (
              <Callout.Root color="amber" size="1" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>
                  Il cartomante ha modificato il profilo mentre lo leggevi: quello mostrato ora è la nuova versione. Rileggilo prima di decidere.{" "}
                  <Button size="1" variant="soft" color="amber" highContrast onClick={() => setReadVersion(psychic.reviewVersion)}>
                    L&apos;ho riletto
                  </Button>
                </Callout.Text>
              </Callout.Root>
            ) : null}
          </Flex>
          <Flex gap="2" align="center">
            <ApproveDialog psychic={psychic} onApprove={onApprove} />
            <RejectDialog psychicName={shown.psychicName} changesOnly={changesOnly} onReject={onReject} />
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
