import { Button, Flex } from "@radix-ui/themes";
import { ArrowLeftIcon } from "@radix-ui/react-icons";
import { Link as RouterLink, Outlet } from "react-router-dom";
import { homePathFor, paths } from "@/lib/paths";
import { useViewer } from "@/lib/account/session";
import { ConnectionBanner } from "./ConnectionBanner";
import { Logo } from "./Logo";

/**
 * Pages that need the whole screen for one task (the consultation room): no site header, menu or
 * footer, only the brand's mark and the way back to one's dashboard.
 */
export function FocusedLayout() {
  const viewer = useViewer();
  return (
    <>
      <Flex asChild align="center" justify="between" gap="3" px={{ initial: "4", sm: "5" }} py="3">
        <header>
          <Logo />
          <Button asChild variant="ghost" size="2" style={{ minHeight: 44 }}>
            <RouterLink to={viewer ? homePathFor(viewer) : paths.home}>
              <ArrowLeftIcon aria-hidden /> Torna alla dashboard
            </RouterLink>
          </Button>
        </header>
      </Flex>
      <ConnectionBanner />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
