// Each page's title in the browser tab (src/app/layout/RouteTitle.tsx, src/components/PageTitle.tsx).
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { RouteTitle, staticPageTitles } from "@/app/layout/RouteTitle";
import { PageTitle, SITE_TITLE } from "@/components/PageTitle";

function titleAt(path: string, page?: React.ReactNode) {
  document.title = "";
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <RouteTitle />
      {page}
    </MemoryRouter>,
  );
  const title = document.title;
  view.unmount();
  return title;
}

describe("the browser tab's title", () => {
  it("names each open page, the home page with the site's own title", () => {
    expect(titleAt("/")).toBe(SITE_TITLE);
    expect(titleAt("/psychics")).toBe("I nostri cartomanti | Arcano");
    expect(titleAt("/psychic/earnings/")).toBe("Guadagni | Arcano");
    expect(new Set(Object.values(staticPageTitles)).size).toBe(Object.keys(staticPageTitles).length);
  });

  it("leaves a profile, a booking page and a call to name themselves; an unknown path is the 404 page", () => {
    expect(titleAt("/psychics/abc123", <PageTitle title="Selene — Cartomante" />)).toBe("Selene — Cartomante | Arcano");
    expect(titleAt("/psychics/abc123/book", <PageTitle title="Prenota con Selene" />)).toBe("Prenota con Selene | Arcano");
    expect(titleAt("/call/abc", <PageTitle title="Consulto con Selene" />)).toBe("Consulto con Selene | Arcano");
    expect(titleAt("/non-esiste")).toBe("Pagina non trovata | Arcano");
    // A path a page names itself is left alone by the route's title.
    expect(titleAt("/psychics/abc123")).toBe("");
  });
});
