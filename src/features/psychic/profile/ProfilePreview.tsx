import { Box, Card, Heading, Text } from "@radix-ui/themes";
import { PsychicCard, type PsychicCardData } from "@/components/psychic/PsychicCard";
import { priceCentsFor } from "@convex/model/bookings";
import { DEFAULT_PRICES_CENTS } from "@convex/model/profileRules";
import { priceField, type OwnProfile, type ProfileFormValues } from "./profileForm";

/** The card of the public list as the form stands now, before saving. */
function previewCard(profile: OwnProfile, values: ProfileFormValues): PsychicCardData {
  const durations = values.availableDurations.length > 0 ? values.availableDurations : [30 as const];
  // The starting price is the lowest of every offered type (voice while none is ticked), as the list computes it.
  const types = values.consultationTypes.length > 0 ? values.consultationTypes : (["voice"] as const);
  // Typed in whole euros; a length without a usable price shows its default.
  const priceCents = (typedPrices: ProfileFormValues["prices"], minutes: (typeof durations)[number]) => {
    const typed = Number(typedPrices[`${minutes}`]);
    return Number.isFinite(typed) && typed > 0 ? priceCentsFor(typed) : DEFAULT_PRICES_CENTS[minutes];
  };
  return {
    id: profile.id,
    psychicName: values.psychicName.trim() || "Il tuo nome",
    photoUrl: profile.photoUrl,
    bio: values.bio.trim(),
    specialties: values.specialties,
    rating: profile.rating,
    reviewCount: profile.reviewCount,
    minPriceCents: Math.min(...types.flatMap((type) => durations.map((minutes) => priceCents(values[priceField[type]], minutes)))),
    minDurationMinutes: Math.min(...durations),
    consultationTypes: values.consultationTypes,
    isAvailable: profile.isAvailable,
  };
}

export function ProfilePreview({ profile, values }: { profile: OwnProfile; values: ProfileFormValues }) {
  return (
    <Card size="3" asChild>
      <section aria-label="Come ti vedono i clienti">
        <Heading as="h2" size="4" mb="1">
          Come ti vedono i clienti
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          L&apos;anteprima segue il modulo mentre scrivi.
        </Text>
        {/* The card's own links lead to the public pages; here it is a picture, not a way out of the form. */}
        <Box inert style={{ maxWidth: 380 }}>
          <PsychicCard psychic={previewCard(profile, values)} />
        </Box>
      </section>
    </Card>
  );
}
