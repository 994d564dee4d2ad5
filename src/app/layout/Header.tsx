import { useState } from "react";
import { Box, Button, Container, Flex, IconButton, Link, Separator } from "@radix-ui/themes";
import { Cross1Icon, HamburgerMenuIcon } from "@radix-ui/react-icons";
import { Link as RouterLink, NavLink, useLocation } from "react-router-dom";
import { paths } from "../paths";
import { Logo } from "./Logo";
import { SiteSearch } from "./SiteSearch";

const navLinks = [
  { label: "Cartomanti", to: paths.psychics },
  { label: "Come Funziona", to: paths.howItWorks },
] as const;

export function Header() {
  const { pathname } = useLocation();
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
              {navLinks.map((link) => (
                <Link key={link.to} asChild weight="medium" color="gray" highContrast underline="hover">
                  <NavLink to={link.to}>{link.label}</NavLink>
                </Link>
              ))}
            </nav>
          </Flex>
          <Flex align="center" gap="2">
            <SiteSearch />
            <Flex gap="2" display={{ initial: "none", md: "flex" }}>
              <AccountButtons />
            </Flex>
            <Box display={{ initial: "block", md: "none" }}>
              <IconButton
                variant="ghost"
                size="3"
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
                {navLinks.map((link) => (
                  <Link key={link.to} asChild size="4" weight="medium" color="gray" highContrast underline="hover">
                    <NavLink to={link.to} onClick={() => setOpenOnPath(null)}>
                      {link.label}
                    </NavLink>
                  </Link>
                ))}
                <Flex direction="column" gap="2" mt="2">
                  <AccountButtons onNavigate={() => setOpenOnPath(null)} />
                </Flex>
              </nav>
            </Flex>
          </Box>
        ) : null}
      </Container>
    </header>
  );
}

function AccountButtons({ onNavigate }: { onNavigate?: () => void }) {
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
