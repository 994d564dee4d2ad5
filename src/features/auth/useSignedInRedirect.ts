import { useSearchParams } from "react-router-dom";
import { useViewer, type Viewer } from "@/lib/account/session";
import { homePathFor } from "@/lib/paths";
import { redirectTargetFrom } from "./redirects";

/**
 * The viewer, and where a signed-in person should be instead of this page: the `redirect` query
 * when there is one, otherwise the home of their role.
 */
export function useSignedInRedirect(): { viewer: Viewer | null | undefined; target: string | null } {
  const viewer = useViewer();
  const [search] = useSearchParams();
  if (!viewer) return { viewer, target: null };
  return { viewer, target: redirectTargetFrom(search) ?? homePathFor(viewer) };
}
