import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ADMIN_LIMITS } from "@convex/model/admin";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatRomeDate, truncate } from "@/lib/text/format";
import { NoteDialog } from "./NoteDialog";

const updateFailed = "Impossibile aggiornare il cartomante.";

type Props = {
  profileId: Id<"psychicProfiles">;
  psychicName: string;
  suspension: { note: string; suspendedAt: number } | null;
};

/**
 * The admin's suspension of one psychic (docs/product-rules.md, "Psychics"): suspend with a note the
 * psychic reads, or lift it. The psychic cannot lift it themselves.
 */
export function SuspensionControl({ profileId, psychicName, suspension }: Props) {
  const suspend = useMutation(api.admin.suspendPsychic);
  const lift = useMutation(api.admin.liftSuspension);

  const onSuspend = async (note: string) => {
    try {
      await suspend({ profileId, note });
      toast.success("Cartomante sospeso", `${psychicName} non compare più nella lista dei cartomanti.`);
      return true;
    } catch (failure) {
      toast.error(errorMessage(failure, updateFailed));
      return false;
    }
  };
  const onLift = async () => {
    try {
      await lift({ profileId });
      toast.success("Sospensione revocata", `${psychicName} torna nella lista se il profilo è approvato e pubblico.`);
    } catch (failure) {
      toast.error(errorMessage(failure, updateFailed));
    }
  };

  if (suspension === null) {
    return (
      <NoteDialog
        maxLength={ADMIN_LIMITS.suspensionNoteLength}
        onConfirm={onSuspend}
        words={{
          trigger: "Sospendi",
          triggerLabel: `Sospendi ${psychicName}`,
          title: `Sospendi ${psychicName}`,
          description:
            "Il profilo esce subito dalla lista dei cartomanti e non riceve nuove prenotazioni finché non revochi la sospensione: il cartomante non può renderlo di nuovo visibile. I consulti già confermati restano validi.",
          noteLabel: "Motivo della sospensione (il cartomante lo leggerà)",
          noteRequired: "Scrivi il motivo della sospensione: il cartomante lo leggerà nella sua dashboard.",
          noteTooLong: `Il motivo può avere al massimo ${ADMIN_LIMITS.suspensionNoteLength} caratteri.`,
          confirm: "Sospendi il profilo",
        }}
      />
    );
  }
  return (
    <Flex direction="column" gap="1" align="start">
      <Flex gap="2" align="center" wrap="wrap">
        <Badge color="red" variant="soft" highContrast>
          Sospeso dal {formatRomeDate(suspension.suspendedAt)}
        </Badge>
        <Button
          size="1"
          variant="soft"
          color="gray"
          highContrast
          aria-label={`Revoca la sospensione di ${psychicName}`}
          onClick={() => void onLift()}
        >
          Revoca
        </Button>
      </Flex>
      <Text size="1" color="gray" style={{ overflowWrap: "anywhere" }}>
        {truncate(suspension.note, 120)}
      </Text>
    </Flex>
  );
}
