/**
 * What the admin's 'Pubblico' column says: 'Sì' only when the public sees the profile (the psychic shows it,
 * it is approved and not suspended), never for a profile still awaiting approval.
 */
export function publicLabel(profile: { isPubliclyVisible: boolean; profileStatus: string; isSuspended: boolean }): string {
  if (profile.isSuspended) return "No, sospeso";
  if (!profile.isPubliclyVisible) return "No";
  if (profile.profileStatus === "pending") return "No, in attesa di approvazione";
  if (profile.profileStatus !== "approved") return "No, non approvato";
  return "Sì";
}
