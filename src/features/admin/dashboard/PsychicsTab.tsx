import { Avatar, Badge, Button, Card, Flex, Heading, Switch, Table, Text } from "@radix-ui/themes";
import { CheckIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { OptimisticLocalStore } from "convex/browser";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/errors";
import { formatCents, formatRating, formatRomeDateTime, truncate } from "@/lib/format";
import { RejectDialog } from "./RejectDialog";
import { StatusBadge } from "./StatusBadge";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

type Reader = FunctionReturnType<typeof api.admin.listPsychics>["readers"][number];

const updateFailed = "Impossibile aggiornare il cartomante.";

/** Changes one reader in the loaded list at once; the server's answer replaces it. */
function patchReader(store: OptimisticLocalStore, profileId: Id<"psychicProfiles">, patch: Partial<Reader>) {
  const current = store.getQuery(api.admin.listPsychics, {});
  if (!current) return;
  const readers = current.readers.map((reader) => (reader.id === profileId ? { ...reader, ...patch } : reader));
  store.setQuery(api.admin.listPsychics, {}, { ...current, readers });
}

/** Cartomanti: the review queue first, then every reader with their figures and the admin's switches. */
export function PsychicsTab() {
  const { data, error } = useTableQuery(api.admin.listPsychics, {});
  const setVisibility = useMutation(api.admin.setPsychicVisibility).withOptimisticUpdate((store, { profileId, isPubliclyVisible }) =>
    patchReader(store, profileId, { isPubliclyVisible }),
  );
  const markVerified = useMutation(api.admin.markVerificationCallDone).withOptimisticUpdate((store, { profileId }) =>
    patchReader(store, profileId, { verificationCallCompleted: true }),
  );

  if (error) return <TableError what="dei cartomanti" reason={error} />;
  if (data === undefined) return <TableLoading label="Caricamento dei cartomanti" />;
  const queue = data.readers.filter((reader) => reader.inReview !== null);

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
              {queue.map((reader) => (
                <li key={reader.id}>
                  <ReviewCard reader={reader} />
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </section>

      <section aria-labelledby="all-readers-heading">
        <Heading as="h2" size="4" mb="3" id="all-readers-heading">
          Tutti i cartomanti
        </Heading>
        {data.readers.length === 0 ? (
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
                <Table.ColumnHeaderCell>Visibile</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Chiamata di verifica</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.readers.map((reader) => (
                <Table.Row key={reader.id} align="center">
                  <Table.RowHeaderCell>{reader.psychicName}</Table.RowHeaderCell>
                  <Table.Cell>{reader.email ?? "—"}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge label={reader.statusLabel} />
                  </Table.Cell>
                  <Table.Cell>{reader.bookings}</Table.Cell>
                  <Table.Cell>{formatCents(reader.revenueCents)}</Table.Cell>
                  <Table.Cell>{reader.rating === null ? "Nuovo" : `${formatRating(reader.rating)} (${reader.reviewCount})`}</Table.Cell>
                  <Table.Cell>
                    <Switch
                      checked={reader.isPubliclyVisible}
                      aria-label={`Profilo di ${reader.psychicName} visibile al pubblico`}
                      onCheckedChange={(isPubliclyVisible) =>
                        void setVisibility({ profileId: reader.id, isPubliclyVisible }).catch((failure: unknown) =>
                          toast.error(errorMessage(failure, updateFailed)),
                        )
                      }
                    />
                  </Table.Cell>
                  <Table.Cell>
                    {reader.verificationCallCompleted ? (
                      <Badge color="green" variant="soft" highContrast>
                        <CheckIcon aria-hidden /> Fatta
                      </Badge>
                    ) : (
                      <Button
                        size="1"
                        variant="soft"
                        aria-label={`Segna come fatta la chiamata di verifica con ${reader.psychicName}`}
                        onClick={() =>
                          void markVerified({ profileId: reader.id }).catch((failure: unknown) =>
                            toast.error(errorMessage(failure, updateFailed)),
                          )
                        }
                      >
                        Segna come fatta
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {data.truncated ? (
          <Text as="p" size="1" color="gray" mt="2">
            Sono mostrati i cartomanti più recenti; quelli in attesa di approvazione sono sempre in cima.
          </Text>
        ) : null}
      </section>
    </Flex>
  );
}

/** A profile (or an approved profile's changes) waiting for the admin: what would go public, and the two answers. */
function ReviewCard({ reader }: { reader: Reader }) {
  const approve = useMutation(api.admin.approvePsychic);
  const reject = useMutation(api.admin.rejectPsychic);
  const changesOnly = reader.inReview === "changes";
  const shown = reader.pendingChanges ?? { psychicName: reader.psychicName, bio: reader.bio, photoUrl: reader.photoUrl };

  const onApprove = async () => {
    try {
      await approve({ profileId: reader.id });
      toast.success(
        changesOnly ? "Modifiche approvate" : "Profilo approvato",
        reader.isPubliclyVisible ? `${shown.psychicName} è ora visibile nella lista dei cartomanti.` : undefined,
      );
    } catch (failure) {
      toast.error(errorMessage(failure, updateFailed));
    }
  };
  const onReject = async (note: string) => {
    try {
      await reject({ profileId: reader.id, note });
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
              {reader.verificationCallCompleted ? (
                <Badge color="green" variant="soft" highContrast>
                  Verificato
                </Badge>
              ) : null}
            </Flex>
            <Text size="2" color="gray">
              {reader.email ?? "—"}
              {reader.changesSubmittedAt ? ` · inviate il ${formatRomeDateTime(reader.changesSubmittedAt)}` : ""}
            </Text>
            {changesOnly && shown.psychicName !== reader.psychicName ? (
              <Text size="2">Nome attuale: {reader.psychicName}</Text>
            ) : null}
            <Text size="2" as="p" style={{ overflowWrap: "anywhere" }}>
              {truncate(shown.bio, 400) || "Nessuna biografia."}
            </Text>
          </Flex>
          <Flex gap="2" align="center">
            <Button color="green" onClick={() => void onApprove()}>
              {changesOnly ? "Approva le modifiche" : "Approva"}
            </Button>
            <RejectDialog readerName={shown.psychicName} changesOnly={changesOnly} onReject={onReject} />
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
