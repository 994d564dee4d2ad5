import { useEffect, useRef } from "react";

/**
 * On a narrow screen a table scrolls sideways inside Radix's scroll area: while it does, the scroll
 * area takes keyboard focus so the hidden columns can be reached with the arrow keys (WCAG 2.1.1).
 * Give the returned ref to the `Table.Root`.
 */
export function useKeyboardScrollable() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>(".rt-ScrollAreaViewport");
    if (!viewport) return;
    const update = () => {
      if (viewport.scrollWidth > viewport.clientWidth) viewport.tabIndex = 0;
      else viewport.removeAttribute("tabindex");
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);
  return ref;
}
