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

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
