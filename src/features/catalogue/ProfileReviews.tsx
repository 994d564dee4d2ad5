import { Button, Card, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import type { PaginationStatus } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { ROME_TIME_ZONE } from "@convex/framework/time";
import { formatRating } from "@/lib/text/format";

export type Review = FunctionReturnType<typeof api.reviews.listPageForProfile>["page"][number];
/** The reviews as `usePaginatedQuery` hands them over: newest first, a page at a time. */
export type ReviewsFeed = { results: Review[]; status: PaginationStatus; loadMore: (numItems: number) => void };

/** How many reviews the Reviews tab shows at first, and adds with each "Carica altre recensioni". */
export const REVIEWS_PAGE_SIZE = 10;

/** How many of the newest reviews 'Chi sono' shows inline, from the same first page. */
const LATEST_REVIEWS = 3;

const reviewDate = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: ROME_TIME_ZONE });

type Rated = { rating: number | null; reviewCount: number };

const countOf = (count: number) => `${count} ${count === 1 ? "recensione" : "recensioni"}`;

function ReviewsLoading() {
  return (
    <Flex justify="center" py="5" role="status" aria-label="Caricamento delle recensioni">
      <Spinner />
    </Flex>
  );
}

function NoReviews() {
  return (
    <Card size="3">
      <Text as="p" color="gray" align="center">
        Ancora nessuna recensione. Le recensioni arrivano dai clienti dopo un consulto completato.
      </Text>
    </Card>
  );
}

function ReviewList({ reviews, label }: { reviews: Review[]; label: string }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/**
 * 'Ultime recensioni' under the bio: the newest three, each with its stars, name, date and text, and
 * 'Vedi tutte le recensioni' for the Reviews tab when there are more.
 */
export function LatestReviews({ feed, profile, onSeeAll }: { feed: ReviewsFeed | undefined; profile: Rated; onSeeAll: () => void }) {
  const latest = feed?.results.slice(0, LATEST_REVIEWS) ?? [];
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="ultime-recensioni">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="4" id="ultime-recensioni">
            Ultime recensioni
          </Heading>
          {profile.rating !== null ? (
            <Text size="2" color="gray">
              Media {formatRating(profile.rating)} su 5 da {countOf(profile.reviewCount)}
            </Text>
          ) : null}
        </Flex>
        {feed === undefined || feed.status === "LoadingFirstPage" ? (
          <ReviewsLoading />
        ) : latest.length === 0 ? (
          <NoReviews />
        ) : (
          <>
            <ReviewList reviews={latest} label="Ultime recensioni" />
            {profile.reviewCount > latest.length || feed.status === "CanLoadMore" ? (
              <Flex>
                <Button variant="soft" onClick={onSeeAll}>
                  Vedi tutte le recensioni ({profile.reviewCount})
                </Button>
              </Flex>
            ) : null}
          </>
        )}
      </section>
    </Flex>
  );
}

/** The Reviews tab: every review, newest first, ten more at a time. */
export function AllReviews({ feed, profile }: { feed: ReviewsFeed | undefined; profile: Rated }) {
  if (feed === undefined || feed.status === "LoadingFirstPage") return <ReviewsLoading />;
  if (feed.results.length === 0) return <NoReviews />;
  return (
    <Flex direction="column" gap="3">
      {profile.rating !== null ? (
        <Text as="p" size="2" color="gray">
          Media {formatRating(profile.rating)} su 5 da {countOf(profile.reviewCount)}, dalla più recente.
        </Text>
      ) : null}
      <ReviewList reviews={feed.results} label="Recensioni" />
      {feed.status === "CanLoadMore" || feed.status === "LoadingMore" ? (
        <Flex justify="center">
          <Button variant="soft" loading={feed.status === "LoadingMore"} onClick={() => feed.loadMore(REVIEWS_PAGE_SIZE)}>
            Carica altre recensioni
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <Card size="2">
      <Flex justify="between" gap="3" wrap="wrap" mb="1">
        <Text weight="bold">{review.clientName}</Text>
        <Text size="2" color="gray">
          {reviewDate.format(review.createdAt)}
          {review.updatedAt !== null ? " (modificata)" : ""}
        </Text>
      </Flex>
      <Text as="div" size="2" role="img" aria-label={`${review.rating} stelle su 5`} style={{ color: "var(--amber-11)" }}>
        {"★".repeat(review.rating)}
        <span style={{ color: "var(--gray-8)" }}>{"★".repeat(5 - review.rating)}</span>
      </Text>
      <Text as="p" size="2" mt="2" style={{ whiteSpace: "pre-line" }}>
        {review.comment}
      </Text>
    </Card>
  );
}
