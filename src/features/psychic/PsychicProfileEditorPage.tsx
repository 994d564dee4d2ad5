import { useEffect, useRef } from "react";
import { Button, Card, Container, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useAction, useMutation } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CachedAt } from "@/lib/offline/CachedAt";
import { paths } from "@/lib/paths";
import { useKeptPublicSettings } from "@/lib/catalogue/publicSettings";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useViewer } from "@/lib/account/session";
import { ConductCard } from "./profile/ConductCard";
import { PhotoUploader } from "./profile/PhotoUploader";
import { ProfileEditor } from "./profile/ProfileEditor";
import { ProfileStatusCard } from "./profile/ProfileStatusCard";
import type { OwnProfile, ProfileArgs } from "./profile/profileForm";
import { uploadThroughOwnUrl } from "./profile/uploadFile";
import { useEnsureMyProfile, useMyKeptProfile } from "./useMyProfile";

const SAVE_FAILED = "Impossibile salvare le modifiche.";
const PUBLISH_FAILED = "Impossibile pubblicare il profilo.";

/**
 * /psychic/profile: psychic accounts only. The router lets in signed-in accounts; any other account
 * sees an access-denied message here.
 */
export function PsychicProfileEditorPage() {
  const viewer = useViewer();
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py="7">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="8">
          Il tuo profilo
        </Heading>
        {!viewer ? <Loading /> : viewer.accountType !== "psychic" ? <AccessDenied /> : <PsychicProfile />}
      </Flex>
    </Container>
  );
}

function PsychicProfile() {
  const { data: profile, savedAt } = useMyKeptProfile();
  const ensureMine = useEnsureMyProfile();
  const created = useRef(false);

  // The first visit creates the default profile; getMine then follows it live. Only the live answer
  // says there is none: a kept one may be from before it was made.
  useEffect(() => {
    if (profile !== null || savedAt !== null || created.current) return;
    created.current = true;
    ensureMine().catch((error: unknown) => toast.error(errorMessage(error, "Impossibile creare il profilo. Ricarica la pagina.")));
  }, [profile, savedAt, ensureMine]);

  if (!profile) return <Loading />;
  return (
    <>
      <CachedAt savedAt={savedAt} />
      <PsychicProfileLoaded profile={profile} />
    </>
  );
}

function PsychicProfileLoaded({ profile }: { profile: OwnProfile }) {
  const saveMine = useMutation(api.psychicProfiles.saveMine);
  const publishMine = useMutation(api.psychicProfiles.publishMine);
  const generateUploadUrl = useMutation(api.psychicProfiles.generatePhotoUploadUrl);
  const setMyPhoto = useAction(api.psychicProfiles.setMyPhoto);
  const settings = useKeptPublicSettings();

  const save = async (args: ProfileArgs) => {
    try {
      await saveMine(args);
      toast.success("Profilo salvato", "Le modifiche sono state salvate.");
      return true;
    } catch (error) {
      toast.error(errorMessage(error, SAVE_FAILED));
      return false;
    }
  };

  const publish = async (args: ProfileArgs) => {
    try {
      const { profileStatus } = await publishMine(args);
      if (profileStatus === "pending") {
        toast.success("Profilo inviato", "Un amministratore lo esaminerà: sarà visibile dopo l'approvazione.");
      } else {
        toast.success("Profilo pubblicato", "Il tuo profilo è ora visibile nella lista dei cartomanti.");
      }
      return true;
    } catch (error) {
      toast.error(errorMessage(error, PUBLISH_FAILED));
      return false;
    }
  };

  const uploadPhoto = (file: File, onProgress: (fraction: number) => void) =>
    uploadThroughOwnUrl(
      { issue: () => generateUploadUrl(), attach: (storageId) => setMyPhoto({ storageId: storageId as Id<"_storage"> }) },
      file,
      onProgress,
    );

  return (
    <Flex direction="column" gap="4">
      <ProfileStatusCard
        profileId={profile.id}
        profileStatus={profile.profileStatus}
        adminNotes={profile.adminNotes}
        isPubliclyVisible={profile.isPubliclyVisible}
        isAvailable={profile.isAvailable}
        suspension={profile.suspension}
      />
      <Card size="3" asChild>
        <section aria-label="Foto">
          <Heading as="h2" size="4" mb="3">
            Foto
          </Heading>
          <PhotoUploader
            photoUrl={profile.photoUrl}
            name={profile.psychicName}
            upload={uploadPhoto}
            onUploaded={() => toast.success("Foto aggiornata", "La nuova foto è già visibile sul tuo profilo.")}
          />
        </section>
      </Card>
      <ConductCard />
      <ProfileEditor profile={profile} approvalRequired={settings?.psychic_approval_required ?? false} onSave={save} onPublish={publish} />
    </Flex>
  );
}

function Loading() {
  return (
    <Flex justify="center" py="9" role="group" aria-busy="true" aria-label="Caricamento del profilo">
      <Spinner size="3" />
    </Flex>
  );
}

function AccessDenied() {
  return (
    <Card size="4">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h2" size="5">
          Accesso riservato ai cartomanti
        </Heading>
        <Text as="p" color="gray">
          Questa pagina è disponibile solo per gli account cartomante. Se vuoi offrire consulti, crea un account da cartomante.
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink to={paths.dashboard}>Vai alla dashboard</RouterLink>
          </Button>
          <Button asChild variant="soft">
            <RouterLink to={paths.psychics}>Sfoglia i cartomanti</RouterLink>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
