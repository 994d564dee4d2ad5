import { useQuery } from "convex/react";
import { useParams } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { PsychicProfileView } from "./PsychicProfileView";

/**
 * /psychics/{id}, live: a profile that is hidden, unpublished or deleted while open turns into
 * the not-found state without a reload.
 */
export function PsychicProfilePage() {
  const { id = "" } = useParams();
  const profile = useQuery(api.psychics.getPublicProfile, { id });
  const reviews = useQuery(api.reviews.listForProfile, { psychicProfileId: id });
  return <PsychicProfileView profile={profile} reviews={reviews} />;
}
