// The browser tab's title, one per page ('Selene — Cartomante | Arcano'). The open pages' titles are set by
// path (app/layout/RouteTitle.tsx); a page whose title comes from its data (a profile, a booking page, a call)
// renders <PageTitle> itself. index.html's own title stays until a page names itself, so the tab is never blank.
import { useEffect } from "react";

export const SITE_TITLE = "Arcano — consulti di cartomanzia";

/** `title` and the site's name, or the site's own title. */
function tabTitle(title?: string | null): string {
  return title ? `${title} | Arcano` : SITE_TITLE;
}

/** Names the page in the tab while it is shown (a later page names itself in turn). */
export function PageTitle({ title }: { title?: string | null }) {
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
  return null;
}
