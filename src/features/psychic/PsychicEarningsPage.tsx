// /psychic/earnings, 'Guadagni' (docs/product-rules.md, "Payouts"): what this month earned (the same
// figure as the dashboard's card), the balance at Stripe, each consultation's share with gross, commission,
// net and where its transfer is, Stripe's payouts to the bank, the monthly statement as a PDF, and the fiscal
// documents (receipts to clients, Arcano's invoices). The lists are live: a transfer made while the page is
// open shows without a reload. The router lets in psychics only.
import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import { DashboardIcon, GearIcon } from "@radix-ui/react-icons";
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { DashboardSection } from "@/components/dashboard/DashboardSection";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { QuickLinks } from "@/components/dashboard/QuickLinks";
import { CachedAt, oldestSavedAt } from "@/lib/offline/CachedAt";
import { paths } from "@/lib/paths";
import { PayoutsBanner } from "./dashboard/PayoutsBanner";
import { Balance } from "./earnings/Balance";
import { DebtNotice } from "./earnings/DebtNotice";
import { EarningsTable, PayoutsTable } from "./earnings/EarningsTables";
import { FiscalDocuments } from "./earnings/FiscalDocuments";
import { MonthEarned } from "./earnings/MonthEarned";
import { StatementDownload } from "./earnings/StatementDownload";
import { useMyEarnings, useMyPayouts } from "./earnings/useEarnings";

export function PsychicEarningsPage() {
  // The tables read the same two queries (one subscription each); here only to say how old a kept view is.
  const savedAt = oldestSavedAt(useMyEarnings().savedAt, useMyPayouts().savedAt);
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Flex direction="column" gap="2">
            <Heading as="h1" size={{ initial: "7", sm: "8" }}>
              Guadagni
            </Heading>
            <Text as="p" size="3" color="gray">
              Per ogni consulto: quanto ha pagato il cliente, la commissione della piattaforma ({COMMISSION_PERCENT} %) e quanto ricevi tu sul tuo
              account Stripe, che lo versa sul tuo conto ogni lunedì.
            </Text>
            <CachedAt savedAt={savedAt} />
          </Flex>
          <QuickLinks
            links={[
              { to: paths.psychicDashboard, label: "Dashboard", icon: <DashboardIcon /> },
              { to: paths.psychicPayoutSettings, label: "Impostazioni pagamenti", icon: <GearIcon /> },
            ]}
          />
        </Flex>
        <ErrorBoundary fallback={null}>
          <PayoutsBanner />
        </ErrorBoundary>
        <DashboardSection title="Questo mese">
          <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i guadagni del mese." />}>
            <MonthEarned />
          </ErrorBoundary>
        </DashboardSection>
        <DashboardSection title="Saldo">
          <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare il saldo." />}>
            <Flex direction="column" gap="3">
              <DebtNotice />
              <Balance />
            </Flex>
          </ErrorBoundary>
        </DashboardSection>
        <DashboardSection title="Consulti">
          <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i guadagni." />}>
            <EarningsTable />
          </ErrorBoundary>
        </DashboardSection>
        <DashboardSection title="Versamenti sul conto">
          <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i versamenti." />}>
            <PayoutsTable />
          </ErrorBoundary>
        </DashboardSection>
        <DashboardSection title="Estratto conto">
          <StatementDownload />
        </DashboardSection>
        <DashboardSection title="Documenti fiscali">
          <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i documenti fiscali." />}>
            <FiscalDocuments />
          </ErrorBoundary>
        </DashboardSection>
      </Flex>
    </Container>
  );
}
