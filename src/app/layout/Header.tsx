import { useState } from "react";
import { Box, Button, Container, Flex, IconButton, Link, Separator, Skeleton, Text } from "@radix-ui/themes";
import { Cross1Icon, HamburgerMenuIcon } from "@radix-ui/react-icons";
import { Link as RouterLink, NavLink, useLocation } from "react-router-dom";
import { useSignOut, useViewer, type Viewer } from "@/lib/account/session";
import { homePathFor, paths } from "@/lib/paths";
import { AdminInboxLink } from "./AdminInboxLink";
import { Logo } from "./Logo";
import { SiteSearch } from "./SiteSearch";

const navLinks = [
  { label: "Cartomanti", to: paths.psychics },
  { label: "Come Funziona", to: paths.howItWorks },
] as const;

export function Header() {
  const { pathname } = useLocation();
  const viewer = useViewer();
  // Psychics have their own area: the client's browsing links are not for them.
  const links = viewer?.accountType === "psychic" ? [] : navLinks;
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === pathname;

  return (
    <header className="site-header">
      <Container size="4" px={{ initial: "3", sm: "5" }}>
        <Flex align="center" justify="between" gap="3" py="3">
          <Logo />
          <Flex asChild align="center" gap="5" display={{ initial: "none", md: "flex" }}>
            <nav aria-label="Navigazione principale">
              {links.map((link) => (
                <Link key={link.to} asChild weight="medium" color="gray" highContrast underline="hover">
                  <NavLink to={link.to}>{link.label}</NavLink>
                </Link>
              ))}
            </nav>
          </Flex>
          <Flex align="center" gap="2">
            <SiteSearch />
            <Flex gap="2" align="center" display={{ initial: "none", md: "flex" }}>
              <AccountButtons viewer={viewer} />
            </Flex>
            <Box display={{ initial: "block", md: "none" }}>
              <IconButton
                variant="ghost"
                size="3"
                // A 44 px target, as phones want (the ghost button's own is 40).
                style={{ width: 44, height: 44 }}
                aria-label={menuOpen ? "Chiudi il menu" : "Apri il menu"}
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                onClick={() => setOpenOnPath(menuOpen ? null : pathname)}
              >
                {menuOpen ? <Cross1Icon /> : <HamburgerMenuIcon />}
              </IconButton>
            </Box>
          </Flex>
        </Flex>
        {menuOpen ? (
          <Box id="mobile-menu" display={{ initial: "block", md: "none" }} pb="4">
            <Separator size="4" mb="3" />
            <Flex asChild direction="column" gap="3">
              <nav aria-label="Menu mobile">
                {links.map((link) => (
                  <Link key={link.to} asChild size="4" weight="medium" color="gray" highContrast underline="hover">
                    <NavLink to={link.to} onClick={() => setOpenOnPath(null)}>
                      {link.label}
                    </NavLink>
                  </Link>
                ))}
                <Flex direction="column" gap="2" mt="2">
                  <AccountButtons viewer={viewer} onNavigate={() => setOpenOnPath(null)} />
                </Flex>
              </nav>
            </Flex>
          </Box>
        ) : null}
      </Container>
    </header>
  );
}

/** Signed out: Accedi / Registrati. Signed in: greeting, dashboard, Esci. Loading: a placeholder, no flicker. */
function AccountButtons({ viewer, onNavigate }: { viewer: Viewer | null | undefined; onNavigate?: () => void }) {
  const signOut = useSignOut();
  if (viewer === undefined) {
    return <Skeleton width="180px" height="32px" aria-label="Caricamento dell'account" />;
  }
  if (viewer !== null) {
    const psychic = viewer.accountType === "psychic";
    return (
      <>
        <Text size="2" color="gray">
          Ciao, {viewer.fullName || viewer.email}
        </Text>
        <Button asChild variant="soft">
          <RouterLink to={homePathFor(viewer)} onClick={onNavigate}>
            {viewer.isAdmin ? "Pannello admin" : psychic ? "Dashboard Cartomante" : "Dashboard"}
          </RouterLink>
        </Button>
        {viewer.isAdmin ? <AdminInboxLink onNavigate={onNavigate} /> : null}
        <Button
          variant="outline"
          onClick={() => {
            onNavigate?.();
            void signOut();
          }}
        >
          Esci
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="soft">
        <RouterLink to={paths.login} onClick={onNavigate}>
          Accedi
        </RouterLink>
      </Button>
      <Button asChild>
        <RouterLink to={paths.register} onClick={onNavigate}>
          Registrati
        </RouterLink>
      </Button>
    </>
  );
}
