import { Badge, Callout, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import type { ProfileStatus } from "@convex/framework/validators";
import { paths } from "@/lib/paths";
import { profileStates } from "@/lib/text/states";
import { SuspensionNotice } from "../SuspensionNotice";

type Props = {
  profileStatus: ProfileStatus;
  adminNotes: string | null;
  isPubliclyVisible: boolean;
  isAvailable: boolean;
  profileId: string;
  /** An admin's suspension: the profile is not listed whatever the rest says. */
  suspension?: { note: string; suspendedAt: number } | null;
};

/** Where the profile stands: review state, whether clients can see it, and the admin's note if refused or suspended. */
export function ProfileStatusCard({ profileStatus, adminNotes, isPubliclyVisible, isAvailable, profileId, suspension = null }: Props) {
  const status = profileStates[profileStatus];
  const listed = profileStatus === "approved" && isPubliclyVisible && suspension === null;
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            Stato del profilo
          </Heading>
          <Badge size="2" color={status.color} aria-label={`Stato: ${status.label}`}>
            {status.label}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray">
          {suspension !== null ? (
            "Il profilo non compare nella lista dei cartomanti finché la sospensione non viene revocata."
          ) : listed ? (
            <>
              Il tuo profilo è visibile nella lista dei cartomanti.{" "}
              <Link asChild>
                <RouterLink to={paths.psychic(profileId)}>Vedi il profilo pubblico</RouterLink>
              </Link>
            </>
          ) : profileStatus === "approved" ? (
            "Il tuo profilo è approvato ma nascosto: puoi renderlo visibile dalle impostazioni."
          ) : profileStatus === "pending" ? (
            "Il profilo è in attesa di approvazione da parte di un amministratore."
          ) : profileStatus === "rejected" ? (
            "Il profilo non è stato approvato. Correggilo e pubblicalo di nuovo."
          ) : (
            "Completa il profilo e pubblicalo per comparire nella lista dei cartomanti."
          )}
        </Text>
        {/* A refused profile, or refused changes to an approved one (the approved version stays public). */}
        {(profileStatus === "rejected" || profileStatus === "approved") && adminNotes ? (
          <Callout.Root color="red" size="1">
            <Callout.Text>
              <Text weight="bold">
                {profileStatus === "approved" ? "Modifiche non approvate. Nota dell'amministratore:" : "Nota dell'amministratore:"}
              </Text>{" "}
              {adminNotes}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {suspension !== null ? <SuspensionNotice suspension={suspension} /> : null}
        <Text as="p" size="2" color="gray">
          {isAvailable ? "Disponibile per nuovi consulti." : "Non disponibile per nuovi consulti."}{" "}
          <Link asChild>
            <RouterLink to={paths.psychicSettings}>Gestisci visibilità e disponibilità</RouterLink>
          </Link>
        </Text>
      </Flex>
    </Card>
  );
}
