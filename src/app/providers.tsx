import type { ReactNode } from "react";
import { Theme } from "@radix-ui/themes";

/** App-wide providers. The Convex and auth providers join here with the features that need them. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Theme accentColor="violet" grayColor="mauve" radius="medium" scaling="100%">
      {children}
    </Theme>
  );
}
