import { AlertDialog, Button } from "@radix-ui/themes";
import { useNeedsConnection, type Connection } from "@/components/NeedsConnection";

/**
 * The 'Annulla il consulto' button that opens a cancellation dialog (the client's or the psychic's). A
 * cancellation is never queued offline: the button waits, disabled, and says why — with the row's own
 * note when the row shows one for all its actions, else with its own.
 */
export function CancelConsultationTrigger({ otherName, when, rowConnection }: { otherName: string; when: string; rowConnection?: Connection }) {
  const ownConnection = useNeedsConnection();
  const connection = rowConnection ?? ownConnection;
  return (
    <>
      <AlertDialog.Trigger>
        <Button
          size="2"
          variant="soft"
          color="red"
          aria-label={`Annulla il consulto con ${otherName} del ${when}`}
          disabled={connection.offline}
          aria-describedby={connection.describedBy}
        >
          Annulla il consulto
        </Button>
      </AlertDialog.Trigger>
      {rowConnection ? null : connection.note}
    </>
  );
}
