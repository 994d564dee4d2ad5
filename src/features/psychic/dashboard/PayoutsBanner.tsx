// The psychic dashboard's reminder while their Stripe account cannot be paid (docs/product-rules.md,
// "Payouts"): earnings wait until it can. Nothing while the state loads, nothing once payouts are enabled.
import { Callout, Flex, Link, Text } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { payoutAccountStates, transferStates } from "@/lib/text/states";
import { useMyPayoutAccount } from "../usePayoutAccount";

const payoutsBannerMessages = {
  label: "Pagamenti da configurare",
  link: "Configura i pagamenti per ricevere i tuoi guadagni",
} as const;

export function PayoutsBanner() {
  const account = useMyPayoutAccount();
  if (account === undefined || account.state === "enabled") return null;
  return (
    <Callout.Root color="amber" highContrast role="status" aria-label={payoutsBannerMessages.label}>
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text as="p" weight="bold">
          <Link asChild color="amber" highContrast underline="always">
            <RouterLink to={paths.psychicPayoutSettings}>{payoutsBannerMessages.link}</RouterLink>
          </Link>
        </Text>
        <Callout.Text>
          Stato: {payoutAccountStates[account.state].label}. Finché i pagamenti non sono attivi, i guadagni dei consulti restano «
          {transferStates.awaiting_onboarding.label}» e ti vengono trasferiti appena Stripe li attiva.
        </Callout.Text>
      </Flex>
    </Callout.Root>
  );
}
