import { lazy, Suspense, type ReactNode } from "react";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { Theme } from "@radix-ui/themes";
import { FavouriteStarsShown } from "@/components/psychic/FavouriteStar";
import { convex } from "./convex";

// The toasts' code comes after the first paint (none is shown before it; the store keeps any asked for meanwhile).
const Toaster = lazy(() => import("@/components/toast/Toaster").then((module) => ({ default: module.Toaster })));

/** App-wide providers: Convex with the auth session, and the Arcano theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConvexAuthProvider client={convex}>
      <Theme accentColor="violet" grayColor="mauve" radius="medium" scaling="100%">
        <FavouriteStarsShown.Provider value>{children}</FavouriteStarsShown.Provider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </Theme>
    </ConvexAuthProvider>
  );
}
