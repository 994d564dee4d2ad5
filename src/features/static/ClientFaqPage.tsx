import { Button, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { deletionText, refundText } from "@/lib/text/refundPromises";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import { FaqList } from "./FaqList";
import type { FaqItem } from "./FaqList";
import "./static.css";

const bookingQuestions: readonly FaqItem[] = [
  {
    question: "Come prenoto un consulto?",
    answer: (
      <>
        Scegli un cartomante dalla{" "}
        <Link asChild>
          <RouterLink to={paths.psychics}>lista dei cartomanti</RouterLink>
        </Link>
        , apri la pagina di prenotazione, seleziona durata, giorno e orario tra quelli liberi, aggiungi se vuoi una nota e paga con carta. Al
        pagamento riuscito la prenotazione è confermata e ricevi un'email di riepilogo. Perché tutti possano prenotare, puoi avere in programma al
        massimo {limits.maxUpcomingPerPsychicDay} consulti con lo stesso cartomante nello stesso giorno, {limits.maxUpcomingPerPsychicWeek} nella
        stessa settimana e {limits.maxUpcoming} in tutto.
      </>
    ),
  },
  {
    question: "Devo registrarmi? La registrazione è a pagamento?",
    answer:
      "Per prenotare serve un account, che è gratuito: paghi solo i consulti che prenoti. Il servizio è riservato ai maggiori di 18 anni e, al momento della registrazione, ti chiediamo di dichiararlo e di accettare i Termini e l'Informativa privacy.",
  },
  {
    question: "Quanto costa un consulto?",
    answer: `Ogni cartomante stabilisce i propri prezzi per le durate che offre: ${limits.durations("o")} minuti, ciascuna con il suo prezzo, indicato nel profilo. Il prezzo che vedi è finale, in euro e IVA inclusa, e non ci sono addebiti a minuto né costi aggiuntivi.`,
  },
  {
    question: "Come e quando pago?",
    answer: `Paghi in anticipo, con carta, sulla pagina di pagamento protetta del nostro fornitore: noi non vediamo né conserviamo i dati della carta. Mentre completi il pagamento l'orario resta riservato per te per ${limits.hold}. Il cartomante riceve il compenso solo dopo che il consulto si è concluso.`,
  },
  {
    question: "Come si svolge il consulto e cosa mi serve?",
    answer: `Il consulto è una chiamata vocale nel browser: non devi installare nulla né comunicare il tuo numero di telefono. Ti servono un dispositivo con microfono, un browser aggiornato e una connessione stabile. Dalla tua dashboard entri nella pagina della chiamata, che si apre ${limits.earlyAccess} prima dell'inizio per provare l'audio; la chiamata dura il tempo prenotato e si chiude automaticamente alla fine. Ti mandiamo un promemoria via email ${limits.reminders} prima.`,
  },
];

const cancellationQuestions: readonly FaqItem[] = [
  {
    question: "Posso cancellare una prenotazione? Quanto mi viene rimborsato?",
    answer: `Sì. Se cancelli almeno ${limits.fullRefundNotice} prima dell'inizio ricevi il rimborso completo. Se cancelli tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima, il rimborso è del ${limits.halfRefund}. A meno di ${limits.halfRefundNotice} dall'inizio non è previsto alcun rimborso, perché il cartomante ha riservato quel tempo per te e riceve il compenso per intero. Le date e gli orari esatti di ogni consulto, con gli importi, li trovi nella pagina di prenotazione prima di pagare, nell'email di conferma e nella tua dashboard. Puoi anche spostare un consulto fino a ${limits.rescheduleNotice} prima dell'inizio, al massimo ${limits.maxReschedules}, senza pagare di nuovo. Se annulli ${limits.fullRefundsBeforePause} consulti con rimborso completo nell'arco di ${limits.fullRefundsWindow}, per ${limits.bookingPause} dall'ultimo annullamento non puoi prenotarne di nuovi: i rimborsi restano questi.`,
  },
  {
    question: "In quanto tempo ricevo il rimborso?",
    answer: `Il rimborso viene disposto sulla stessa carta usata per il pagamento e, a seconda della tua banca o dell'emittente della carta, diventa visibile entro ${limits.refundArrival}. Ti avvisiamo via email quando lo avviamo.`,
  },
  {
    question: "Cosa succede se il cartomante non si presenta?",
    answer: `Se il cartomante non si collega entro ${limits.psychicGrace} dall'inizio, il consulto viene annullato e ricevi automaticamente il ${refundText("psychic_no_show")}, senza dover fare alcuna richiesta. Lo stesso vale se si collega ma resta nella chiamata meno di ${limits.psychicMinPresence} della durata mentre tu sei collegato: al termine dell'orario ricevi il ${refundText("psychic_no_show")}. Se sei tu a chiudere prima, basta che il cartomante sia rimasto quanto te, meno ${limits.psychicLeavingMargin}. Se è il cartomante ad annullare il consulto, ricevi sempre il ${refundText("psychic_cancelled")} e un link per prenotare di nuovo.`,
  },
  {
    question: "E se sono io a non presentarmi o ad arrivare in ritardo?",
    answer:
      "Se non ti presenti al consulto non è previsto alcun rimborso e il cartomante riceve il compenso per intero. Se entri in ritardo, la chiamata termina comunque all'orario previsto e il tempo perso non viene recuperato: ti consigliamo di collegarti qualche minuto prima dell'inizio.",
  },
];

const trustQuestions: readonly FaqItem[] = [
  {
    question: "Posso darmi un limite di spesa o una pausa?",
    answer: `Sì, dalle impostazioni: un limite mensile (fino a ${limits.spendingLimitMax}) o una pausa di ${limits.spendingPauseDays} giorni, durante la quale non puoi pagare nuovi consulti. Ciò che riduce la spesa vale subito; alzare o togliere il limite, o chiudere prima la pausa, vale dopo ${limits.spendingCoolOff}. Un pagamento che il limite o la pausa non consentono più ti viene restituito con ${refundText("late_payment")}.`,
  },
  {
    question: "Cosa succede ai miei consulti se elimino l'account?",
    answer: `Puoi eliminare l'account in qualsiasi momento dalle impostazioni: ${deletionText("client", "you")}. Il cartomante viene avvisato via email.`,
  },
  {
    question: "Come vengono scelti i cartomanti?",
    answer:
      "Prima della pubblicazione valutiamo competenze, identità, referenze e formazione di ogni cartomante. Dopo, la qualità è monitorata attraverso le recensioni: può lasciarne una solo chi ha concluso un consulto, con un voto da 1 a 5 stelle e un commento. I cartomanti senza recensioni sono indicati come «Nuovo».",
  },
  {
    question: "I miei dati e le mie conversazioni restano riservati?",
    answer: (
      <>
        Sì. Le chiamate non vengono mai registrate, le note della prenotazione le legge solo il cartomante che hai scelto e non condividiamo il tuo
        numero di telefono con nessuno. Puoi eliminare il tuo account in qualsiasi momento dalle impostazioni. Tutti i dettagli sono nell'
        <Link asChild>
          <RouterLink to={paths.privacy}>Informativa sulla privacy</RouterLink>
        </Link>
        .
      </>
    ),
  },
  {
    question: "Un consulto può sostituire il parere di un medico o di un altro professionista?",
    answer:
      "No. I consulti di cartomanzia sono un servizio di intrattenimento e di riflessione personale: non sostituiscono il parere di medici, avvocati, psicologi o consulenti finanziari, e nessun cartomante può garantire risultati. Se stai vivendo un momento difficile, rivolgiti a un professionista qualificato.",
  },
];

export function ClientFaqPage() {
  return (
    <StaticPage
      title="Domande frequenti dei clienti"
      lead="Tutto quello che c'è da sapere per prenotare, pagare e partecipare a un consulto su Arcano. Tocca una domanda per leggere la risposta."
    >
      <PageSection title="Prenotazione e pagamento">
        <FaqList items={bookingQuestions} label="Prenotazione e pagamento" />
      </PageSection>
      <PageSection title="Cancellazioni e rimborsi">
        <FaqList items={cancellationQuestions} label="Cancellazioni e rimborsi" />
      </PageSection>
      <PageSection title="Fiducia e riservatezza">
        <FaqList items={trustQuestions} label="Fiducia e riservatezza" />
      </PageSection>

      <Card size="3" className="static-cta">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="5">
            Non hai trovato la risposta?
          </Heading>
          <Text as="p" size="3">
            Scrivici: il nostro team ti risponderà il prima possibile. Puoi anche leggere i{" "}
            <Link asChild>
              <RouterLink to={paths.terms}>Termini di servizio</RouterLink>
            </Link>{" "}
            per tutte le condizioni.
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="3">
              <RouterLink to={paths.contact}>Contattaci</RouterLink>
            </Button>
            <Button asChild size="3" variant="soft">
              <RouterLink to={paths.psychics}>Trova il tuo cartomante</RouterLink>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </StaticPage>
  );
}
