// The star on a psychic's card and profile: a signed-in client keeps the psychic among 'Preferiti'.
// A toggle (aria-pressed) that changes at once (optimistic) and goes back if the server refuses.
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { IconButton } from "@radix-ui/themes";
import { StarFilledIcon, StarIcon } from "@radix-ui/react-icons";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useMyFavourites, useSetFavourite } from "@/lib/client/favourites";
import { useViewer } from "@/lib/account/session";

type Props = { psychicProfileId: string; psychicName: string };

type TooltipProps = { content: string; children: ReactNode };
/** Without the hover text's code (it could not be fetched) the star goes without it. */
const NoTooltip = ({ children }: TooltipProps) => children;
let tooltipCode: Promise<{ default: ComponentType<TooltipProps> }> | undefined;
let tooltipHere = false;
const loadTooltip = () =>
  (tooltipCode ??= import("./StarTooltip")
    .catch(() => ({ default: NoTooltip }))
    .then((module) => {
      tooltipHere = true;
      return module;
    }));
const StarTooltip = lazy<ComponentType<TooltipProps>>(loadTooltip);

/**
 * The star's hover text comes with its own code (only clients see a star). When that code arrives the tooltip
 * replaces the placeholder star, and a press landing on that swap would be lost: so the star stays disabled
 * until the code is here, and is only ever pressed in its final form.
 */
function useTooltipLoaded(): boolean {
  const [loaded, setLoaded] = useState(tooltipHere);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void loadTooltip().then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * Whether cards and profiles show the star: the app's providers turn it on; views rendered on their
 * own (previews, the views' tests) have no backend to ask and show none.
 */
export const FavouriteStarsShown = createContext(false);

export function FavouriteStarPlace(props: Props) {
  return useContext(FavouriteStarsShown) ? <FavouriteStar {...props} /> : null;
}

/** Shown to clients only: visitors, psychics and admins have no favourites. */
export function FavouriteStar(props: Props) {
  const viewer = useViewer();
  if (viewer?.accountType !== "client" || viewer.isAdmin) return null;
  return <ClientStar {...props} />;
}

function ClientStar({ psychicProfileId, psychicName }: Props) {
  const favourites = useMyFavourites();
  const tooltipLoaded = useTooltipLoaded();
  const starred = favourites?.some((row) => row.psychicProfileId === psychicProfileId) ?? false;
  const setMine = useSetFavourite(psychicName);
  const label = `Salva ${psychicName} tra i preferiti`;
  const toggle = () => {
    setMine({ psychicProfileId, starred: !starred }).catch((error: unknown) =>
      toast.error(errorMessage(error, "Impossibile aggiornare i preferiti.")),
    );
  };
  const star = (
    <IconButton
      type="button"
      variant="ghost"
      color="amber"
      size="3"
      className="favourite-star"
      aria-label={label}
      aria-pressed={starred}
      disabled={favourites === undefined || !tooltipLoaded}
      onClick={toggle}
      style={{ minWidth: 44, minHeight: 44 }}
    >
      {starred ? <StarFilledIcon width="22" height="22" aria-hidden /> : <StarIcon width="22" height="22" aria-hidden />}
    </IconButton>
  );
  return (
    <Suspense fallback={star}>
      <StarTooltip content={starred ? "Tra i tuoi preferiti" : "Aggiungi ai preferiti"}>{star}</StarTooltip>
    </Suspense>
  );
}
