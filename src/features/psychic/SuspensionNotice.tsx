import { Callout, Flex, Link, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { formatRomeDate } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { useMyProfile } from "./useMyProfile";

type Suspension = { note: string; suspendedAt: number };

/**
 * An admin's suspension as its psychic reads it (docs/product-rules.md, "Psychics"): what it means, the
 * admin's note, and where to ask. Only an admin lifts it.
 */
export function SuspensionNotice({ suspension }: { suspension: Suspension }) {
  return (
    <Callout.Root color="red" role="status" aria-label="Profilo sospeso">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text as="p" weight="bold">
          Il tuo profilo è sospeso dall&apos;amministrazione dal {formatRomeDate(suspension.suspendedAt)}.
        </Text>
        <Callout.Text>
          Non compare nella lista dei cartomanti e non puoi ricevere nuove prenotazioni né renderlo visibile finché l&apos;amministrazione non revoca
          la sospensione. I consulti già confermati restano validi.
        </Callout.Text>
        <Callout.Text>
          <Text weight="bold">Nota dell&apos;amministratore:</Text> <span style={{ overflowWrap: "anywhere" }}>{suspension.note}</span>
        </Callout.Text>
        <Callout.Text>
          Per chiarimenti{" "}
          <Link asChild>
            <RouterLink to={paths.contact}>scrivici dalla pagina Contatti</RouterLink>
          </Link>
          .
        </Callout.Text>
      </Flex>
    </Callout.Root>
  );
}

/** The psychic dashboard's banner: shown only while their profile is suspended. */
export function SuspensionBanner() {
  const profile = useMyProfile();
  return profile?.suspension ? <SuspensionNotice suspension={profile.suspension} /> : null;
}
