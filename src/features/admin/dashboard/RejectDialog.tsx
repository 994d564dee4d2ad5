import { ADMIN_LIMITS } from "@convex/model/admin";
import { NoteDialog } from "./NoteDialog";

/** Turning down a profile or its changes needs a note the psychic will read. */
export function RejectDialog({
  psychicName,
  changesOnly,
  onReject,
}: {
  psychicName: string;
  changesOnly: boolean;
  onReject: (note: string) => Promise<boolean>;
}) {
  return (
    <NoteDialog
      maxLength={ADMIN_LIMITS.noteLength}
      onConfirm={onReject}
      words={{
        trigger: changesOnly ? "Rifiuta le modifiche" : "Rifiuta",
        title: changesOnly ? `Rifiuta le modifiche di ${psychicName}` : `Rifiuta il profilo di ${psychicName}`,
        description: changesOnly
          ? "Le modifiche vengono scartate e il pubblico continua a vedere il profilo approvato."
          : "Il profilo non sarà pubblicato. Il cartomante potrà correggerlo e inviarlo di nuovo.",
        noteLabel: "Nota per il cartomante",
        noteRequired: "Scrivi una nota per il cartomante: la vedrà nel suo profilo.",
        noteTooLong: `La nota può avere al massimo ${ADMIN_LIMITS.noteLength} caratteri.`,
        confirm: "Conferma rifiuto",
      }}
    />
  );
}
