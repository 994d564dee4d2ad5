import { Navigate, Outlet, useLocation, useParams } from "react-router-dom";
import { paths } from "@/lib/paths";
import { usePublicProfile } from "@/lib/catalogue/publicProfile";

/**
 * Around the profile and its booking page: an address by id (an old link, an email) is replaced with the
 * profile's readable one, `/psychics/{slug}` (and `/book`), keeping what follows it (the day and time
 * asked for). Shares the page's own subscription to the profile, so it costs no extra query.
 */
export function ProfileAddress() {
  const { id = "" } = useParams();
  const location = useLocation();
  const profile = usePublicProfile(id);
  const slug = profile?.slug;
  if (slug && slug !== id) {
    const base = paths.psychic(id);
    const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : "";
    return <Navigate to={`${paths.psychic(slug)}${rest}${location.search}${location.hash}`} replace />;
  }
  return <Outlet />;
}
