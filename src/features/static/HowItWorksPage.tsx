import { Button, Card, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { refundText } from "@/lib/text/refundPromises";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import { FaqList } from "./FaqList";
import type { FaqItem } from "./FaqList";
import "./static.css";

const steps = [
  {
    title: "Trova il tuo cartomante",
    text: "Sfoglia i profili e filtra per specialità: tarocchi, carte sibille, astrologia, numerologia e altre. In ogni profilo trovi biografia, esperienza, durate, prezzi e recensioni dei clienti.",
  },
  {
    title: "Scegli un orario disponibile",
    text: `Nel calendario del cartomante compaiono solo gli orari davvero liberi, in ora italiana. Puoi prenotare con almeno ${limits.bookingNotice} di anticipo, per consulti da ${limits.durations("o")} minuti secondo le durate offerte.`,
  },
  {
    title: "Prenota il consulto",
    text: "Indica il tipo di consulto (chiamata vocale) e la durata. Se vuoi, aggiungi qualche dettaglio nelle note, come il tema che ti sta a cuore: sono facoltative e le legge solo il tuo cartomante.",
  },
  {
    title: "Paga in modo sicuro",
    text: `Paghi in anticipo con carta su una pagina di pagamento protetta. Il prezzo è finale, in euro e IVA inclusa. Durante il pagamento l'orario resta riservato per te per ${limits.hold}; poi ricevi la conferma via email.`,
  },
  {
    title: "Partecipa alla chiamata",
    text: `Ti ricordiamo l'appuntamento via email ${limits.reminders} prima. Dalla tua dashboard entri nella chiamata, che si apre ${limits.earlyAccess} prima per provare il microfono, dura il tempo prenotato e si chiude da sola.`,
  },
  {
    title: "Lascia una recensione",
    text: "A consulto concluso puoi valutarlo da 1 a 5 stelle e scrivere un commento. Le recensioni, una per ogni consulto, aiutano gli altri clienti a scegliere e ci permettono di vigilare sulla qualità.",
  },
] as const;

const faq: readonly FaqItem[] = [
  {
    question: "Quanto costa un consulto?",
    answer:
      "Ogni cartomante stabilisce i propri prezzi per ciascuna durata. Prima di pagare vedi sempre il prezzo finale in euro, IVA inclusa: non ci sono addebiti a minuto né costi aggiuntivi.",
  },
  {
    question: "Posso cancellare una prenotazione?",
    answer: `Sì. Se cancelli almeno ${limits.fullRefundNotice} prima dell'inizio ricevi il rimborso completo; tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima il rimborso è del ${limits.halfRefund}; a meno di ${limits.halfRefundNotice} dall'inizio, o se non ti presenti, non è previsto alcun rimborso. Le date e gli orari esatti di ogni consulto sono nella pagina di prenotazione prima di pagare, nell'email di conferma e nella tua dashboard. I rimborsi arrivano sulla carta usata per pagare entro ${limits.refundArrival}.`,
  },
  {
    question: "Che cosa mi serve per la chiamata?",
    answer:
      "Un computer, un tablet o uno smartphone con microfono, un browser aggiornato e una connessione stabile. Non devi installare nulla né comunicare il tuo numero di telefono. Ti consigliamo le cuffie e un luogo tranquillo.",
  },
  {
    question: "E se il cartomante non si collega?",
    answer: `Se il cartomante non si presenta entro ${limits.psychicGrace} dall'inizio, o resta nella chiamata meno di ${limits.psychicMinPresence} della durata mentre tu sei collegato, il consulto viene annullato e ricevi automaticamente il ${refundText("psychic_no_show")}, senza bisogno di fare nulla.`,
  },
  {
    question: "Chi può prenotare un consulto?",
    answer:
      "Il servizio è riservato ai maggiori di 18 anni. L'account è gratuito e ti serve per prenotare, pagare e accedere alla chiamata. I consulti sono un servizio di intrattenimento e non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari.",
  },
];

export function HowItWorksPage() {
  return (
    <StaticPage
      title="Come funziona"
      lead="Prenotare un consulto su Arcano richiede pochi minuti. Ecco cosa succede, passo dopo passo, dalla scelta del cartomante alla recensione finale."
    >
      <PageSection title="Sei passi per il tuo consulto">
        <Grid asChild columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
          <ol aria-label="I passaggi per prenotare un consulto" className="static-plain-list">
            {steps.map((step, index) => (
              <li key={step.title}>
                <Card size="3" style={{ height: "100%" }}>
                  <Flex direction="column" gap="2">
                    <span className="static-step-number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <Heading as="h3" size="4">
                      {step.title}
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      {step.text}
                    </Text>
                  </Flex>
                </Card>
              </li>
            ))}
          </ol>
        </Grid>
      </PageSection>

      <PageSection title="Domande frequenti">
        <FaqList items={faq} label="Domande frequenti su come funziona" />
        <Text as="p" size="2" color="gray">
          Hai altre domande? Leggi tutte le{" "}
          <Link asChild>
            <RouterLink to={paths.clientFaq}>domande frequenti dei clienti</RouterLink>
          </Link>{" "}
          oppure{" "}
          <Link asChild>
            <RouterLink to={paths.contact}>scrivici</RouterLink>
          </Link>
          .
        </Text>
      </PageSection>

      <Card size="3" className="static-cta">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="5">
            Pronto per il tuo primo consulto?
          </Heading>
          <Text as="p" size="3">
            Scegli il cartomante più adatto a te e prenota l'orario che preferisci. La registrazione è gratuita.
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="3">
              <RouterLink to={paths.psychics}>Trova il tuo cartomante</RouterLink>
            </Button>
            <Button asChild size="3" variant="soft">
              <RouterLink to={paths.registerAs("client")}>Crea un account gratuito</RouterLink>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </StaticPage>
  );
}
