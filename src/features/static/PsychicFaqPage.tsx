import { Button, Card, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { deletionText, refundText } from "@/lib/text/refundPromises";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import { FaqList } from "./FaqList";
import type { FaqItem } from "./FaqList";
import "./static.css";

const stats = [
  {
    value: limits.commission,
    label: "Commissione",
    text: "Trattenuta solo su quanto ti spetta per i consulti. Nessun costo di iscrizione né canone.",
  },
  {
    value: `Ogni ${limits.payoutDay}`,
    label: "Pagamenti",
    text: "Il compenso di ogni consulto svolto, al netto della commissione, arriva sul tuo conto bancario ogni settimana.",
  },
  {
    value: "20–80 €",
    label: "Guadagno orario indicativo",
    text: "Dipende dai prezzi che scegli e dalle ore in cui sei disponibile: non è un guadagno garantito.",
  },
] as const;

const questions: readonly FaqItem[] = [
  {
    question: "Come divento cartomante su Arcano?",
    answer:
      "Registrati scegliendo il tipo di account «cartomante», poi completa il profilo: nome pubblico, foto, biografia, specialità, anni di esperienza, durate, prezzi e disponibilità settimanale. Quando è pronto lo pubblichi; il nostro team può chiederti ulteriori informazioni o un breve colloquio prima che il profilo diventi visibile ai clienti.",
  },
  {
    question: "Quali requisiti devo avere?",
    answer:
      "Devi avere almeno 18 anni, un'esperienza concreta in una o più discipline (tarocchi, carte sibille, astrologia, numerologia, rune e altre), un dispositivo con microfono, una connessione stabile e un luogo tranquillo da cui collegarti. Ti chiediamo anche di condurre i consulti con rispetto, senza promettere risultati né fare leva sulle paure dei clienti.",
  },
  {
    question: "Come verificate i profili?",
    answer:
      "Un membro del team fa con te una chiamata di verifica: parliamo della tua esperienza e del tuo modo di lavorare. Solo dopo che è superata il tuo profilo mostra il badge «Verificato», e quando l'approvazione dei profili è attiva il profilo diventa pubblico solo dopo di essa. Dopo la pubblicazione la qualità è monitorata attraverso le recensioni dei clienti: solo chi ha concluso un consulto con te può lasciarne una, e la tua valutazione è la media di quelle ricevute. Finché non ne hai, il profilo mostra l'etichetta «Nuovo».",
  },
  {
    question: "Come stabilisco prezzi e durate?",
    answer: `Scegli tu quali durate offrire, tra ${limits.durations("e")} minuti, e il prezzo di ciascuna, da ${limits.priceMin} a ${limits.priceMax} euro a intervalli di ${limits.priceStep} euro. Ai clienti i prezzi vengono mostrati come prezzi finali in euro, IVA inclusa. Puoi modificarli quando vuoi: le prenotazioni già pagate restano al prezzo concordato.`,
  },
  {
    question: "Quanto posso guadagnare?",
    answer:
      "A titolo indicativo, i cartomanti guadagnano tra 20 e 80 euro l'ora, a seconda dei prezzi scelti, delle ore di disponibilità e della domanda. Non si tratta di un guadagno garantito: dipende dal numero di consulti che ricevi.",
  },
  {
    question: "Quanto trattiene Arcano?",
    answer: `Arcano trattiene una commissione del ${limits.commission}, arrotondata al centesimo, su quanto ti spetta per ogni consulto. Non ci sono costi di iscrizione, canoni mensili o altre spese: se non svolgi consulti, non paghi nulla. La commissione copre la piattaforma, i pagamenti, le chiamate e l'assistenza ai clienti.`,
  },
  {
    question: "Quando e come ricevo i pagamenti?",
    answer: `Il cliente paga in anticipo. Quando il consulto si è svolto (o, per una cancellazione tardiva, all'ora in cui sarebbe finito) ti trasferiamo il compenso, al netto della commissione, sul tuo conto presso il fornitore di pagamenti, che attivi da «Ricevi i pagamenti» nelle impostazioni: finché non è attivo, i compensi restano in attesa e partono appena lo attivi. Il fornitore versa il saldo sul tuo conto bancario ogni ${limits.payoutDay}. Se dopo il trasferimento un cliente ottiene un rimborso o contesta il pagamento con la sua banca, la parte corrispondente ti viene ripresa; se il saldo non basta, in «Guadagni» la vedi come importo da restituire, recuperato dai trasferimenti successivi. In «Guadagni» trovi anche ogni compenso, i versamenti e l'estratto conto mensile. Sei responsabile dei tuoi adempimenti fiscali e previdenziali.`,
  },
  {
    question: "Come gestisco la mia disponibilità?",
    answer: `Dal profilo imposti gli orari della settimana a blocchi di ${limits.slot}, in ora italiana. I clienti vedono solo gli orari liberi e possono prenotare con almeno ${limits.bookingNotice} di anticipo. Dalle impostazioni puoi sospendere temporaneamente la disponibilità o nascondere il profilo dalla lista pubblica.`,
  },
  {
    question: "Cosa succede se un cliente cancella o non si presenta?",
    answer: `Se il cliente cancella almeno ${limits.fullRefundNotice} prima riceve il rimborso completo. Se cancella tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima riceve il ${limits.halfRefund} e a te spetta il resto, trasferito all'ora in cui il consulto sarebbe finito. Se cancella a meno di ${limits.halfRefundNotice} dall'inizio o non si presenta, ricevi il compenso per intero: la mancata presenza risulta dalla chiamata e la vedi nella dashboard (Consulti recenti), dove puoi anche segnalarla; un cliente entrato nella chiamata durante il consulto non può essere segnato assente. Sugli importi che ti spettano si applica la commissione del ${limits.commission}.`,
  },
  {
    question: "E se sono io a non potermi collegare?",
    answer: `Se non ti colleghi entro ${limits.psychicGrace} dall'inizio, il consulto viene annullato e il cliente riceve automaticamente il ${refundText("psychic_no_show")}; per quel consulto non ricevi alcun compenso. Lo stesso vale se resti nella chiamata meno di ${limits.psychicMinPresence} della durata mentre il cliente è collegato (se il cliente chiude prima, basta che tu sia rimasto quanto lui, meno ${limits.psychicLeavingMargin}): conta il tempo registrato dalla chiamata, non lo stato che segni tu. Se sai di non poter essere presente, aggiorna per tempo la disponibilità o annulla il consulto dalla dashboard: il cliente riceve il ${refundText("psychic_cancelled")} e un link per prenotare di nuovo, e a te non spetta alcun compenso. Le assenze ripetute possono portare alla sospensione del profilo.`,
  },
  {
    question: "Cosa succede ai consulti prenotati se elimino l'account?",
    answer: `Puoi eliminare l'account dalle impostazioni dell'area cartomante: ${deletionText("psychic", "you")}, che vengono avvisati via email, e per quei consulti non ricevi alcun compenso.`,
  },
];

export function PsychicFaqPage() {
  return (
    <StaticPage
      title="Domande frequenti dei cartomanti"
      lead="Vuoi offrire i tuoi consulti su Arcano? Ecco come funzionano iscrizione, verifica, prezzi, pagamenti e gestione degli appuntamenti."
    >
      <PageSection title="Arcano in tre numeri">
        <Grid asChild columns={{ initial: "1", sm: "3" }} gap="4">
          <ul role="list" className="static-plain-list">
            {stats.map((stat) => (
              <li key={stat.label}>
                <Card size="3" data-testid="stat-card" style={{ height: "100%" }}>
                  <Flex direction="column" gap="1">
                    <Text size="7" weight="bold" className="static-stat-value">
                      {stat.value}
                    </Text>
                    <Heading as="h3" size="3">
                      {stat.label}
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      {stat.text}
                    </Text>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        </Grid>
      </PageSection>

      <PageSection title="Le risposte alle tue domande">
        <FaqList items={questions} label="Domande frequenti dei cartomanti" />
      </PageSection>

      <Card size="3" className="static-cta">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="5">
            Pronto a iniziare?
          </Heading>
          <Text as="p" size="3">
            Crea il tuo account gratuito, completa il profilo e scegli tu quando lavorare. Prima di iscriverti puoi leggere i{" "}
            <Link asChild>
              <RouterLink to={paths.terms}>Termini di servizio</RouterLink>
            </Link>
            ; per qualsiasi dubbio{" "}
            <Link asChild>
              <RouterLink to={paths.contact}>scrivici</RouterLink>
            </Link>
            .
          </Text>
          <Button asChild size="3">
            <RouterLink to={paths.registerAs("psychic")}>Diventa cartomante</RouterLink>
          </Button>
        </Flex>
      </Card>
    </StaticPage>
  );
}
