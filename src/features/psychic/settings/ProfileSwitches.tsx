import { useEffect, useId } from "react";
import { Box, Flex, Skeleton, Switch, Text } from "@radix-ui/themes";
import { PendingWriteMark, usePendingWrites } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useEnsureMyProfile, useMyProfileOrError, useProfileSwitches } from "../useMyProfile";

const switchMessages = {
  availabilityError: "Impossibile aggiornare la disponibilità",
  visibilityError: "Impossibile aggiornare la visibilità",
  availableOn: ["Disponibilità aggiornata", "Ora sei disponibile per nuovi consulti."],
  availableOff: ["Disponibilità aggiornata", "Non riceverai nuove prenotazioni finché non torni disponibile."],
  visibleOn: ["Visibilità aggiornata", "Il tuo profilo è visibile nella lista dei cartomanti."],
  visibleOff: ["Visibilità aggiornata", "Il tuo profilo non compare più nella lista dei cartomanti."],
} as const;

/**
 * Availability and public visibility, saved optimistically on `psychicProfiles.getMine`: the switch
 * moves at once and moves back if the server refuses. A psychic without a profile yet gets the
 * default one first.
 */
export function ProfileSwitches() {
  const profile = useMyProfileOrError();
  const ensureMine = useEnsureMyProfile();
  const missing = profile === null;
  useEffect(() => {
    if (missing) void ensureMine({}).catch(() => toast.error("Impossibile creare il profilo."));
  }, [missing, ensureMine]);

  const { setAvailable, setPubliclyVisible } = useProfileSwitches();

  const availableWrites = usePendingWrites();
  const visibleWrites = usePendingWrites();

  if (profile instanceof Error) {
    return (
      <Text as="p" color="red" size="2" role="alert">
        Impossibile caricare le impostazioni del profilo. Ricarica la pagina per riprovare.
      </Text>
    );
  }
  if (!profile) return <Skeleton height="96px" aria-label="Caricamento del profilo" />;

  const changeAvailable = async (isAvailable: boolean) => {
    try {
      await availableWrites.track(setAvailable({ isAvailable }));
      const [title, description] = isAvailable ? switchMessages.availableOn : switchMessages.availableOff;
      toast.success(title, description);
    } catch {
      toast.error(switchMessages.availabilityError);
    }
  };
  const changeVisible = async (isPubliclyVisible: boolean) => {
    try {
      await visibleWrites.track(setPubliclyVisible({ isPubliclyVisible }));
      const [title, description] = isPubliclyVisible ? switchMessages.visibleOn : switchMessages.visibleOff;
      toast.success(title, description);
    } catch (failure) {
      // A suspension says why in its own words; anything else as before.
      toast.error(errorCodeOf(failure) === "PROFILE_SUSPENDED" ? errorMessage(failure) : switchMessages.visibilityError);
    }
  };
  // While an admin's suspension stands the psychic may hide the profile but not show it.
  const suspended = Boolean(profile.suspension);

  return (
    <Flex direction="column" gap="4">
      <SettingSwitch
        label="Disponibile per consulti"
        description="Quando è spento i clienti non possono prenotare nuovi consulti con te."
        checked={profile.isAvailable}
        pending={availableWrites.pending}
        onChange={(value) => void changeAvailable(value)}
      />
      <SettingSwitch
        label="Profilo pubblico"
        description={
          suspended
            ? "Il tuo profilo è sospeso dall'amministrazione: non compare nella lista e non puoi renderlo visibile."
            : profile.profileStatus === "approved"
              ? "Il profilo compare nella lista dei cartomanti."
              : "Il profilo comparirà nella lista dei cartomanti dopo la pubblicazione dall'editor del profilo."
        }
        checked={profile.isPubliclyVisible}
        disabled={suspended && !profile.isPubliclyVisible}
        pending={visibleWrites.pending}
        onChange={(value) => void changeVisible(value)}
      />
    </Flex>
  );
}

function SettingSwitch({
  label,
  description,
  checked,
  disabled = false,
  pending,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  /** The last change still waits for the server: the switch shows where it is going, the mark says so. */
  pending: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <Flex justify="between" align="center" gap="4">
      <Box>
        <Text as="label" htmlFor={id} weight="medium">
          {label}
        </Text>
        <Text as="p" id={`${id}-description`} size="2" color="gray">
          {description}
        </Text>
        <PendingWriteMark pending={pending} />
      </Box>
      <Switch id={id} size="3" checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </Flex>
  );
}
