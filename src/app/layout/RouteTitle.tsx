// Each open page's title in the browser tab, by path (components/PageTitle.tsx); a page whose title comes from
// its data names itself (this one leaves those paths alone, so the two never fight).
import { useLocation } from "react-router-dom";
import { PageTitle } from "@/components/PageTitle";
import { paths } from "@/lib/paths";

/** The titles of the pages whose title does not depend on their data, by path. */
export const staticPageTitles: Readonly<Record<string, string>> = {
  [paths.about]: "Chi siamo",
  [paths.contact]: "Contattaci",
  [paths.psychics]: "I nostri cartomanti",
  [paths.paymentSuccess]: "Pagamento",
  [paths.paymentCanceled]: "Pagamento annullato",
  [paths.login]: "Accedi",
  [paths.register]: "Registrati",
  [paths.resetPassword]: "Reimposta la password",
  [paths.adminLogin]: "Accesso amministratori",
  [paths.howItWorks]: "Come funziona",
  [paths.reviewsAndRanking]: "Come funzionano recensioni e classifica",
  [paths.terms]: "Termini e condizioni",
  [paths.privacy]: "Privacy",
  [paths.clientFaq]: "Domande frequenti per i clienti",
  [paths.psychicFaq]: "Domande frequenti per i cartomanti",
  [paths.dashboard]: "La tua dashboard",
  [paths.settings]: "Impostazioni account",
  [paths.psychicDashboard]: "Dashboard cartomante",
  [paths.psychicProfile]: "Il tuo profilo",
  [paths.psychicSettings]: "Impostazioni cartomante",
  [paths.psychicEarnings]: "Guadagni",
  [paths.adminDashboard]: "Pannello di amministrazione",
  [paths.adminMessages]: "Messaggi di contatto",
};

/** Paths whose page names itself from its data. */
const titledByPage = [/^\/psychics\/[^/]+(\/book)?\/?$/, /^\/call\/[^/]+\/?$/];

/** The current open page's title, unless the page names itself; an unknown path is the 404 page. */
export function RouteTitle() {
  const { pathname } = useLocation();
  if (pathname === paths.home) return <PageTitle />;
  const known = staticPageTitles[pathname.replace(/(.)\/$/, "$1")];
  if (known !== undefined) return <PageTitle title={known} />;
  if (titledByPage.some((pattern) => pattern.test(pathname))) return null;
  return <PageTitle title="Pagina non trovata" />;
}
