import { Button, Card, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import "./static.css";

const values = [
  {
    title: "Trasparenza",
    text: "Prezzi finali in euro, IVA inclusa, visibili prima di prenotare. Regole di cancellazione e rimborso scritte in modo chiaro e uguali per tutti: nessun addebito a minuto, nessun costo nascosto.",
  },
  {
    title: "Rispetto",
    text: "Ogni consulto si svolge nel rispetto della persona: niente pressioni, niente paure alimentate ad arte, niente richieste di denaro al di fuori della piattaforma.",
  },
  {
    title: "Riservatezza",
    text: "Le chiamate avvengono sulla piattaforma, senza scambiare numeri di telefono, e l'audio non viene mai registrato. Le tue note le legge solo il cartomante che hai scelto.",
  },
  {
    title: "Responsabilità",
    text: "Il servizio è riservato ai maggiori di 18 anni. Ricordiamo sempre che le carte offrono spunti di riflessione, non certezze: nessuno su Arcano promette risultati.",
  },
] as const;

const vetting = [
  {
    label: "Competenze",
    text: "valutiamo la conoscenza pratica delle discipline dichiarate, dai tarocchi alle carte sibille, dall'astrologia alla numerologia, e la capacità di condurre un consulto con chiarezza ed empatia.",
  },
  {
    label: "Identità",
    text: "verifichiamo che dietro ogni profilo ci sia una persona reale e maggiorenne, che risponde in prima persona di ciò che scrive e di ciò che dice.",
  },
  {
    label: "Referenze",
    text: "chiediamo riscontri concreti sull'esperienza maturata, per capire come ciascuno lavora con le persone che si rivolgono a lui.",
  },
  {
    label: "Formazione",
    text: "teniamo conto dei percorsi di studio e di approfondimento seguiti, perché la cartomanzia è una pratica che si coltiva nel tempo.",
  },
] as const;

export function AboutPage() {
  return (
    <StaticPage
      title="Chi siamo"
      lead="Arcano è il marketplace italiano dei consulti di cartomanzia: mettiamo in contatto chi cerca un momento di ascolto e di riflessione con cartomanti selezionati, in consulti vocali prenotati e pagati in anticipo."
    >
      <PageSection title="La nostra missione">
        <Text as="p" size="3">
          Vogliamo rendere il consulto di cartomanzia un'esperienza chiara, rispettosa e riservata. Troppo spesso questo
          mondo è associato a tariffe poco trasparenti, chiamate a tempo che non finiscono mai e promesse impossibili. Su
          Arcano funziona diversamente: scegli il cartomante, conosci in anticipo il prezzo finale, prenoti un orario
          preciso e paghi soltanto quanto stabilito.
        </Text>
        <Text as="p" size="3">
          Crediamo che un consulto possa essere un'occasione per fermarsi, porsi domande e guardare una situazione da
          un'altra prospettiva. È un servizio di intrattenimento e di riflessione personale: non sostituisce il parere di
          medici, avvocati, psicologi o consulenti finanziari, e nessun cartomante su Arcano può garantire risultati o
          prevedere con certezza il futuro.
        </Text>
      </PageSection>

      <PageSection title="I nostri valori">
        <Grid asChild columns={{ initial: "1", sm: "2" }} gap="4">
          <ul role="list" className="static-plain-list">
            {values.map((value) => (
              <li key={value.title}>
                <Card size="3" style={{ height: "100%" }}>
                  <Flex direction="column" gap="2">
                    <Heading as="h3" size="4">
                      {value.title}
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      {value.text}
                    </Text>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        </Grid>
      </PageSection>

      <PageSection title="Sicurezza e qualità">
        <Text as="p" size="3">
          Non tutti possono aprire un profilo su Arcano. Prima di proporre un cartomante ai nostri clienti ne
          valutiamo quattro aspetti:
        </Text>
        <ul className="static-list">
          {vetting.map((item) => (
            <li key={item.label}>
              <Text size="3">
                <Text weight="bold">{item.label}:</Text> {item.text}
              </Text>
            </li>
          ))}
        </ul>
        <Text as="p" size="3">
          Dopo la pubblicazione, la qualità è monitorata attraverso le recensioni dei clienti. Può lasciare una
          recensione solo chi ha concluso un consulto, una per ogni prenotazione, con un voto da 1 a 5 stelle e un
          commento. La valutazione che vedi nei profili è la media di queste recensioni reali; chi non ne ha ancora
          ricevute è indicato come «Nuovo», senza voti inventati. Esaminiamo ogni segnalazione e sospendiamo chi non
          rispetta le regole della piattaforma.
        </Text>
        <Text as="p" size="3">
          Anche il pagamento è pensato per tutelarti: paghi in anticipo con carta su una pagina di pagamento protetta,
          i dati della carta non passano dai nostri server e il cartomante riceve il compenso solo dopo che il consulto
          si è concluso.
        </Text>
      </PageSection>

      <PageSection title="La nostra storia">
        <Text as="p" size="3">
          Arcano è nato nel 2024 con un obiettivo preciso: portare la cartomanzia online con le stesse regole di
          chiarezza che ci si aspetta da qualsiasi servizio acquistato in rete.
        </Text>
        <Text as="p" size="3">
          Fin dall'inizio abbiamo scelto un modello semplice: consulti vocali su prenotazione, con durata e prezzo
          stabiliti prima, pagamento anticipato e compenso al cartomante solo a consulto concluso. Per i cartomanti
          significa poter lavorare in autonomia, decidere prezzi e orari e ricevere pagamenti regolari, ogni {limits.payoutDay}.
        </Text>
        <Text as="p" size="3">
          Da allora continuiamo a migliorare la piattaforma ascoltando clienti e cartomanti. Hai un suggerimento o
          una segnalazione?{" "}
          <Link asChild>
            <RouterLink to={paths.contact}>Scrivici</RouterLink>
          </Link>
          : leggiamo ogni messaggio.
        </Text>
      </PageSection>

      <Card size="3" className="static-cta">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="5">
            Inizia da qui
          </Heading>
          <Text as="p" size="3">
            Sfoglia i profili dei nostri cartomanti oppure scopri passo dopo passo come si prenota un consulto.
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="3">
              <RouterLink to={paths.psychics}>Trova il tuo cartomante</RouterLink>
            </Button>
            <Button asChild size="3" variant="soft">
              <RouterLink to={paths.howItWorks}>Come funziona</RouterLink>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </StaticPage>
  );
}
