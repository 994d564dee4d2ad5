import { Box, Container, Flex, Grid, Heading, Separator, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { useNow } from "@/lib/time/useNow";
import { copyrightLine } from "./footerYear";

const columns = [
  {
    title: "Per i cartomanti",
    links: [
      { label: "Diventa cartomante", to: paths.registerAs("psychic") },
      { label: "FAQ per cartomanti", to: paths.psychicFaq },
      { label: "Accedi all'area cartomanti", to: paths.login },
    ],
  },
  {
    title: "Per i clienti",
    links: [
      { label: "Trova un cartomante", to: paths.psychics },
      { label: "Come funziona", to: paths.howItWorks },
      { label: "Recensioni e classifica", to: paths.reviewsAndRanking },
      { label: "FAQ per clienti", to: paths.clientFaq },
      { label: "Crea un account", to: paths.registerAs("client") },
    ],
  },
  {
    title: "Informazioni",
    links: [
      { label: "Chi siamo", to: paths.about },
      { label: "Contatti", to: paths.contact },
      { label: "Termini di servizio", to: paths.terms },
      { label: "Informativa sulla privacy", to: paths.privacy },
    ],
  },
] as const;

export function Footer() {
  // The render's clock (the server's, when the browser takes over its page), not the moment of each render.
  const now = useNow();
  return (
    <footer className="site-footer">
      <Container size="4" px={{ initial: "4", sm: "5" }} py="7">
        <Grid columns={{ initial: "1", sm: "3" }} gap="6">
          {columns.map((column) => (
            <Box asChild key={column.title}>
              <nav aria-label={column.title}>
                <Heading as="h2" size="3" mb="3" style={{ color: "var(--arcano-gold)" }}>
                  {column.title}
                </Heading>
                <Flex asChild direction="column" gap="2">
                  <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                    {column.links.map((link) => (
                      <li key={link.to}>
                        <RouterLink to={link.to}>{link.label}</RouterLink>
                      </li>
                    ))}
                  </ul>
                </Flex>
              </nav>
            </Box>
          ))}
        </Grid>
        <Separator size="4" my="5" style={{ background: "rgba(255,255,255,0.2)" }} />
        <Text as="p" size="1" mb="3">
          I consulti di cartomanzia sono un servizio di intrattenimento e non sostituiscono il parere di medici,
          avvocati, psicologi o consulenti finanziari. Servizio riservato ai maggiori di 18 anni. Prezzi in euro, IVA
          inclusa.
        </Text>
        <Flex justify="between" wrap="wrap" gap="3">
          <Text size="1">{copyrightLine(now)}</Text>
          <Text size="1">
            <RouterLink to={paths.adminLogin}>Area amministratori</RouterLink>
          </Text>
        </Flex>
      </Container>
    </footer>
  );
}
