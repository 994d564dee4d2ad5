// Who may open which pages: one guard per audience, each a layout route wrapping that audience's
// pages in the router, so no page checks the session itself.
import { Button, Container, Flex } from "@radix-ui/themes";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { FailureCallout } from "@/components/form/FailureCallout";
import { homePathFor, loginPathWithRedirect, paths } from "@/lib/paths";
import { useCheckedViewer, useIsLeaving, type Viewer } from "@/lib/account/session";
import { PageLoading } from "./layout/PageLoading";

type GuardRule = {
  /** Where a signed-out visitor goes; by default the login page, with a way back here. */
  signedOutTo?: string;
  /** Where a signed-in person who may not see these pages goes instead, or null to let them in. */
  elsewhereFor?: (viewer: Viewer) => string | null;
};

function Guard({ signedOutTo, elsewhereFor }: GuardRule) {
  const viewer = useCheckedViewer();
  const leaving = useIsLeaving();
  const { pathname, search } = useLocation();

  // Until the session is known nothing is shown, so the wrong page never flashes.
  if (viewer === undefined) return <PageLoading />;
  if (viewer instanceof Error) return <AccountCheckFailed />;
  if (viewer === null) {
    // Signing out or deleting the account: the person is on the way home, not to the login page.
    if (leaving) return <PageLoading />;
    return <Navigate to={signedOutTo ?? loginPathWithRedirect(`${pathname}${search}`)} replace />;
  }
  const elsewhere = elsewhereFor?.(viewer) ?? null;
  if (elsewhere !== null) return <Navigate to={elsewhere} replace />;
  return <Outlet />;
}

/** The account could not be read (the server unreachable): no page is shown without knowing whose it is. */
function AccountCheckFailed() {
  return (
    <Container size="2" px="4" py="9">
      <Flex direction="column" gap="3" align="start">
        <FailureCallout message="Impossibile verificare il tipo di account" />
        <Button variant="soft" onClick={() => window.location.reload()}>
          Riprova
        </Button>
      </Flex>
    </Container>
  );
}

/** Any signed-in account: a client, a psychic or an admin. */
export function RequireSignedIn() {
  return <Guard />;
}

/** The client's pages; a psychic or an admin goes to their own dashboard. */
export function RequireClient() {
  return <Guard elsewhereFor={(viewer) => (homePathFor(viewer) === paths.dashboard ? null : homePathFor(viewer))} />;
}

/** The psychic's pages; anyone else goes to their own dashboard (a client to /dashboard). */
export function RequirePsychic() {
  return <Guard elsewhereFor={(viewer) => (viewer.accountType === "psychic" ? null : homePathFor(viewer))} />;
}

/** The admin area; the spec sends everyone else, visitors included, to the home page. */
export function RequireAdmin() {
  return <Guard signedOutTo={paths.home} elsewhereFor={(viewer) => (viewer.isAdmin ? null : paths.home)} />;
}
