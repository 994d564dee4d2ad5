import { Card, Container, Flex, Heading, Skeleton, Text, TextField as RadixTextField } from "@radix-ui/themes";
import { DataExportCard } from "@/components/account/DataExportCard";
import { DeleteAccountDialog } from "@/components/account/DeleteAccountDialog";
import { useDeleteMyAccount, useViewer, type Viewer } from "@/lib/account/session";
import { ChangePasswordCard } from "@/components/account/ChangePasswordForm";
import { PayoutsCard } from "./settings/PayoutsCard";
import { FiscalDataForm } from "./settings/FiscalDataForm";
import { ProfileSwitches } from "./settings/ProfileSwitches";

/** /psychic/settings: payouts, availability, visibility, password and account deletion. The router lets in psychics only. */
export function PsychicSettingsPage() {
  const viewer = useViewer();

  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Heading as="h1" size={{ initial: "7", sm: "8" }} mb="2">
        Impostazioni cartomante
      </Heading>
      <Text as="p" size="3" color="gray" mb="5">
        Pagamenti, disponibilità per i consulti, visibilità del profilo, password ed eliminazione dell'account.
      </Text>
      {viewer ? <PsychicSettings viewer={viewer} /> : <Skeleton height="420px" aria-label="Caricamento" />}
    </Container>
  );
}

function PsychicSettings({ viewer }: { viewer: Viewer }) {
  const deleteAccount = useDeleteMyAccount({
    successTitle: "Account eliminato",
    errorText: "Impossibile eliminare l'account",
  });
  return (
    <Flex direction="column" gap="5">
      <PayoutsCard />
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          Account
        </Heading>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="psychic-email" size="2" weight="medium">
            Email
          </Text>
          <RadixTextField.Root id="psychic-email" size="3" value={viewer.email ?? ""} readOnly />
        </Flex>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          Profilo e disponibilità
        </Heading>
        <ProfileSwitches />
      </Card>
      <ChangePasswordCard />
      <FiscalDataForm />
      <DataExportCard />
      <Card size="3">
        <Heading as="h2" size="4" mb="2" color="red">
          Zona pericolosa
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Elimina il tuo account e il tuo profilo da cartomante. I consulti passati restano nei registri contabili senza il tuo nome.
        </Text>
        <DeleteAccountDialog onConfirm={deleteAccount} audience="psychic" />
      </Card>
    </Flex>
  );
}
