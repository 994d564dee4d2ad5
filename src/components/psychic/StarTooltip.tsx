// The favourite star's tooltip, loaded after the star itself: the app's Theme has no tooltip provider
// (scripts/radixTheme.ts keeps the tooltip's code out of every page's first load), so this brings its own,
// with the library's delay.
import type { ReactNode } from "react";
import { Tooltip } from "@radix-ui/themes";
import { Tooltip as TooltipPrimitive } from "radix-ui";

export default function StarTooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <Tooltip content={content}>{children}</Tooltip>
    </TooltipPrimitive.Provider>
  );
}
