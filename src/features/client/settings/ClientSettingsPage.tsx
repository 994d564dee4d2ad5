import { Card, Container, DataList, Flex, Heading, Separator, Skeleton, Text, Button } from "@radix-ui/themes";
import { ExitIcon } from "@radix-ui/react-icons";
import { ChangePasswordCard } from "@/components/account/ChangePasswordForm";
import { DataExportCard } from "@/components/account/DataExportCard";
import { DeleteAccountDialog } from "@/components/account/DeleteAccountDialog";
import { TextField } from "@/components/form/TextField";
import { useDeleteMyAccount, useSignOut, useViewer, type Viewer } from "@/lib/account/session";
import { ProfileNameForm } from "./ProfileNameForm";
import { SpendingLimitCard } from "./SpendingLimitCard";
import { accountKinds } from "@/lib/text/states";
import { formatMemberSince } from "./schemas";

export const emailReadOnlyNote = "L'email non può essere modificata per motivi di sicurezza.";

/** /settings: the person's name, the account's facts, the password, sign-out and deletion. The router lets in signed-in accounts only. */
export function ClientSettingsPage() {
  const viewer = useViewer();

  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Heading as="h1" size={{ initial: "7", sm: "8" }} mb="2">
        Impostazioni account
      </Heading>
      <Text as="p" size="3" color="gray" mb="5">
        Gestisci il tuo nome e la tua password, consulta i dati del tuo account ed eliminalo quando vuoi.
      </Text>
      {viewer ? <SettingsContent viewer={viewer} /> : <Skeleton height="320px" aria-label="Caricamento" />}
    </Container>
  );
}

function SettingsContent({ viewer }: { viewer: Viewer }) {
  const signOut = useSignOut();
  const deleteAccount = useDeleteMyAccount({
    successTitle: "Profilo eliminato",
    errorText: "Impossibile eliminare il profilo.",
  });

  return (
    <Flex direction="column" gap="5">
      <Card size="3">
        <Heading as="h2" size="4" mb="4">
          Profilo
        </Heading>
        <Flex direction="column" gap="4">
          {/* Keyed by id: another account signing in here starts from its own name. */}
          <ProfileNameForm key={viewer.id} fullName={viewer.fullName ?? ""} />
          <TextField label="Email" value={viewer.email ?? ""} onValueChange={() => {}} readOnly hint={emailReadOnlyNote} />
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>Tipo di account</DataList.Label>
              <DataList.Value>{accountKinds[viewer.accountType ?? "staff"].label}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Membro dal</DataList.Label>
              <DataList.Value>{formatMemberSince(viewer.memberSince)}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Flex>
      </Card>
      <ChangePasswordCard />
      <DataExportCard />
      {viewer.accountType === "client" ? <SpendingLimitCard /> : null}
      <Card size="3">
        <Heading as="h2" size="4" mb="2">
          Sessione
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Esci dal tuo account su questo dispositivo.
        </Text>
        <Button variant="outline" onClick={() => void signOut()}>
          <ExitIcon />
          Esci
        </Button>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="2" color="red">
          Elimina account
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          L'account e tutti i dati associati verranno eliminati definitivamente. I consulti passati restano
          nei registri contabili senza il tuo nome.
        </Text>
        <Separator size="4" mb="3" />
        <DeleteAccountDialog onConfirm={deleteAccount} audience="client" />
      </Card>
    </Flex>
  );
}
