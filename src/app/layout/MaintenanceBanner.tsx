import { Callout, Container } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { errorMessages } from "@/lib/text/errors";
import { usePublicSettingsOrError } from "@/lib/catalogue/publicSettings";
import { useViewer } from "@/lib/account/session";

/**
 * Shown on every page while maintenance mode is on, live. Browsing goes on; the server refuses
 * changes from anyone but admins, who are told they still may.
 */
export function MaintenanceBanner() {
  // A failed read counts as the default (off): no banner rather than a broken header.
  const settings = usePublicSettingsOrError();
  const viewer = useViewer();
  if (settings === undefined || settings instanceof Error || !settings.maintenance_mode) return null;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} pt="3">
      <Callout.Root color="amber" highContrast role="status" data-testid="maintenance-banner">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          {errorMessages.MAINTENANCE_MODE} Puoi consultare il sito, ma prenotazioni e modifiche sono sospese.
          {viewer?.isAdmin ? " Come amministratore puoi continuare a lavorare." : ""}
        </Callout.Text>
      </Callout.Root>
    </Container>
  );
}
