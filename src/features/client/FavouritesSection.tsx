// 'Preferiti' on the client's dashboard: the psychics the client starred, live, each with the way to
// their profile and booking page.
import { Avatar, Button, Flex, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { FavouriteStar } from "@/components/psychic/FavouriteStar";
import { useMyFavourites } from "@/lib/client/favourites";
import { paths } from "@/lib/paths";

export function FavouritesSection() {
  const favourites = useMyFavourites();
  return (
    <DashboardSection title="Preferiti">
      {favourites === undefined ? (
        <RowsSkeleton label="Caricamento dei preferiti" rows={1} />
      ) : favourites.length === 0 ? (
        <EmptyNote>Nessun cartomante tra i preferiti. Tocca la stella su un profilo per ritrovarlo qui.</EmptyNote>
      ) : (
        <DashboardList label="Cartomanti preferiti">
          {favourites.map((favourite) => (
            <li key={favourite.psychicProfileId}>
              <Flex align="center" gap="3" wrap="wrap">
                <Avatar size="3" radius="full" src={favourite.photoUrl ?? undefined} fallback={favourite.psychicName.slice(0, 1)} alt="" />
                <Text weight="bold" style={{ flex: 1, minWidth: 120 }}>
                  <RouterLink to={paths.psychic(favourite.psychicProfileId)}>{favourite.psychicName}</RouterLink>
                </Text>
                <FavouriteStar psychicProfileId={favourite.psychicProfileId} psychicName={favourite.psychicName} />
                {favourite.isAvailable ? (
                  <Button asChild size="3" variant="soft">
                    <RouterLink to={paths.psychicBook(favourite.psychicProfileId)} aria-label={`Prenota con ${favourite.psychicName}`}>
                      Prenota
                    </RouterLink>
                  </Button>
                ) : (
                  <Text size="2" color="gray">
                    Non disponibile
                  </Text>
                )}
              </Flex>
            </li>
          ))}
        </DashboardList>
      )}
    </DashboardSection>
  );
}
