import { Box, Button, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { FeaturedPsychics } from "./FeaturedPsychics";
import { TopicTiles } from "./TopicTiles";
import { TrustFigures } from "./TrustFigures";

const steps = [
  { title: "Scegli il tuo cartomante", text: "Sfoglia i profili, leggi specialità, esperienza e recensioni." },
  { title: "Crea il tuo account", text: "La registrazione è gratuita e richiede meno di un minuto." },
  { title: "Prenota e paga", text: "Scegli durata, giorno e orario, poi paga in anticipo con carta in modo sicuro." },
  { title: "Collegati al consulto", text: "All'orario prenotato entri nella chiamata direttamente dal browser." },
] as const;

const reasons = [
  {
    title: "Privacy garantita",
    text: "Il consulto avviene sulla piattaforma: nessun numero di telefono da scambiare e nessuna registrazione dell'audio.",
  },
  {
    title: "Verifica trasparente",
    text: "Il badge «Verificato» compare solo su chi ha superato una chiamata di verifica con il nostro team; tutti sono valutati da recensioni di clienti che hanno svolto il consulto.",
  },
  {
    title: "Pagamento anticipato sicuro",
    text: "Paghi prima del consulto con un checkout protetto; il cartomante riceve il compenso solo a consulto concluso.",
  },
] as const;

export function HomePage() {
  return (
    <>
      {/* On phones the hero is short, so its figures and the first psychic (with every line its card can have, as
          'Disponibile oggi') show in the first screen. */}
      <Box className="hero">
        <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "4", sm: "9" }}>
          <Flex direction="column" gap={{ initial: "3", sm: "5" }} align="start" maxWidth="680px">
            <Heading as="h1" size={{ initial: "6", sm: "9" }} style={{ color: "#fff" }}>
              Il consulto di cartomanzia, quando vuoi tu
            </Heading>
            <Text as="p" size={{ initial: "2", sm: "5" }}>
              Scegli il tuo cartomante, prenota l'orario che preferisci e collegati alla chiamata dal browser. Prezzi chiari, pagamento
              anticipato, massima riservatezza.
            </Text>
            <TrustFigures />
            <Flex gap="3" wrap="wrap">
              <Button
                asChild
                size={{ initial: "3", sm: "4" }}
                style={{ background: "var(--arcano-gold)", color: "var(--arcano-night)", minHeight: 44 }}
              >
                <RouterLink to={paths.psychics}>Trova il tuo cartomante</RouterLink>
              </Button>
              <Button
                asChild
                size="4"
                variant="outline"
                className="hero-secondary-action"
                style={{ color: "#fff", boxShadow: "inset 0 0 0 1px #fff" }}
              >
                <RouterLink to={paths.howItWorks}>Come funziona</RouterLink>
              </Button>
            </Flex>
          </Flex>
        </Container>
      </Box>

      <Box style={{ background: "var(--accent-a2)" }}>
        <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "4", sm: "8" }}>
          <FeaturedPsychics />
        </Container>
      </Box>

      {/* Below the first screen: laid out as it nears the viewport (theme.css, .later-section). */}
      <Container size="4" px={{ initial: "4", sm: "5" }} pt={{ initial: "5", sm: "8" }} className="later-section">
        <TopicTiles />
      </Container>

      <Container size="4" px={{ initial: "4", sm: "5" }} py="8" className="later-section">
        <Heading as="h2" size="6" mb="5" align="center">
          Quattro passi per il tuo consulto
        </Heading>
        <Grid asChild columns={{ initial: "1", xs: "2", md: "4" }} gap="4">
          <ol style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {steps.map((step, index) => (
              <li key={step.title}>
                <Card size="3" style={{ height: "100%" }}>
                  <Flex direction="column" gap="2">
                    <span className="step-number">{index + 1}</span>
                    <Heading as="h3" size="4">
                      {step.title}
                    </Heading>
                    <Text size="2" color="gray">
                      {step.text}
                    </Text>
                  </Flex>
                </Card>
              </li>
            ))}
          </ol>
        </Grid>
      </Container>

      <Container size="4" px={{ initial: "4", sm: "5" }} py="8" className="later-section">
        <Heading as="h2" size="6" mb="5" align="center">
          Perché scegliere Arcano
        </Heading>
        <Grid columns={{ initial: "1", md: "3" }} gap="4">
          {reasons.map((reason) => (
            <Card key={reason.title} size="3">
              <Heading as="h3" size="4" mb="2">
                {reason.title}
              </Heading>
              <Text size="2" color="gray">
                {reason.text}
              </Text>
            </Card>
          ))}
        </Grid>
      </Container>

      <Box className="hero later-section">
        <Container size="3" px={{ initial: "4", sm: "5" }} py="8">
          <Flex direction="column" align="center" gap="4" style={{ textAlign: "center" }}>
            <Heading as="h2" size="7" style={{ color: "#fff" }}>
              Pronto per il tuo primo consulto?
            </Heading>
            <Text as="p" size="4">
              Trova il cartomante giusto per te o leggi le risposte alle domande più frequenti.
            </Text>
            <Flex gap="3" wrap="wrap" justify="center">
              <Button asChild size="3" style={{ background: "var(--arcano-gold)", color: "var(--arcano-night)" }}>
                <RouterLink to={paths.psychics}>Scegli un cartomante</RouterLink>
              </Button>
              <Button asChild size="3" variant="outline" style={{ color: "#fff", boxShadow: "inset 0 0 0 1px #fff" }}>
                <RouterLink to={paths.clientFaq}>Domande frequenti</RouterLink>
              </Button>
            </Flex>
          </Flex>
        </Container>
      </Box>
    </>
  );
}
