import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { Theme } from "@radix-ui/themes";

/** Renders UI inside the app's theme and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  return render(
    <Theme accentColor="violet" grayColor="mauve" radius="medium">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Theme>,
  );
}
