import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation, type RouteObject } from "react-router-dom";
import { Theme } from "@radix-ui/themes";

/** Renders UI inside the app's theme and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  return render(
    <Theme accentColor="violet" grayColor="mauve" radius="medium">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Theme>,
  );
}

/**
 * Renders `element` at `path` among other routes, so a test can see where a redirect lands:
 * each extra route shows its own path as text ("at /dashboard").
 */
export function renderRoute(
  element: ReactElement,
  { path, route = path.split("?")[0], elsewhere = [] }: { path: string; route?: string; elsewhere?: string[] },
) {
  return render(
    <Theme accentColor="violet" grayColor="mauve" radius="medium">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          {elsewhere.map((other) => (
            <Route key={other} path={other} element={<LocationProbe />} />
          ))}
        </Routes>
      </MemoryRouter>
    </Theme>,
  );
}

/** Shows where the router is ("at /path?query"), for tests that read the query string a page writes. */
export function LocationProbe() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a whole route table (the app's own, with its layout, guards and lazy pages) at `path`.
 * Returns the router, whose state says where a redirect landed.
 */
export function renderRoutes(routes: RouteObject[], { path }: { path: string }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Theme accentColor="violet" grayColor="mauve" radius="medium">
      <RouterProvider router={router} />
    </Theme>,
  );
  return router;
}
