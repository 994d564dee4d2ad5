import { useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { ConnectionBanner } from "./ConnectionBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MaintenanceBanner } from "./MaintenanceBanner";
import { RouteTitle } from "./RouteTitle";

/** Every route renders inside the header and footer; each navigation starts at the top. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <RouteTitle />
      <Header />
      <ConnectionBanner />
      <MaintenanceBanner />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

/**
 * Whether the page shown is still the one the visit opened on: that one is where the browser put it (at the top,
 * or where a reload was), and a page drawn by the server may have been scrolled before the app took it over.
 */
let openedPage = true;

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (openedPage) {
      openedPage = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
