import type { ReactNode } from "react";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { Theme } from "@radix-ui/themes";
import { Toaster } from "@/components/toast";
import { FavouriteStarsShown } from "@/components/FavouriteStar";
import { convex } from "./convex";

/** App-wide providers: Convex with the auth session, and the Arcano theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConvexAuthProvider client={convex}>
      <Theme accentColor="violet" grayColor="mauve" radius="medium" scaling="100%">
        <FavouriteStarsShown.Provider value>{children}</FavouriteStarsShown.Provider>
        <Toaster />
      </Theme>
    </ConvexAuthProvider>
  );
}
