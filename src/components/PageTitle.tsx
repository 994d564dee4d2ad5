// The browser tab's title, one per page ('Selene — Cartomante | Arcano'): React 19 puts a rendered <title> in
// the document's head. The open pages' titles are set by path (app/layout/RouteTitle.tsx); a page whose
// title comes from its data (a profile, a booking page, a call) renders <PageTitle> itself.

export const SITE_TITLE = "Arcano — consulti di cartomanzia";

/** `title` in the tab, after which the site's name; the site's own title without one. */
export function PageTitle({ title }: { title?: string | null }) {
  return <title>{title ? `${title} | Arcano` : SITE_TITLE}</title>;
}
