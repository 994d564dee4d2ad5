import type { ReactNode } from "react";
import { Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { deletionText, refundText } from "@/lib/text/refundPromises";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import "./static.css";

/** A paragraph or a bulleted list inside a section of the terms. */
type Block = { p: ReactNode } | { list: readonly ReactNode[] };

function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

const sections: readonly { title: string; blocks: readonly Block[] }[] = [
  {
    title: "1. Chi siamo e cosa offriamo",
    blocks: [
      {
        p: "Arcano gestisce una piattaforma online che mette in contatto persone maggiorenni («clienti») con cartomanti indipendenti («cartomanti») per consulti vocali prenotati e pagati in anticipo. Arcano fornisce gli strumenti per trovare il cartomante, prenotare, pagare e svolgere la chiamata, e gestisce pagamenti, rimborsi e assistenza.",
      },
      {
        p: "I cartomanti sono professionisti autonomi: non sono dipendenti né agenti di Arcano e rispondono personalmente dei contenuti dei propri consulti. Creando un account dichiari di aver letto e di accettare questi termini.",
      },
    ],
  },
  {
    title: "2. Natura del servizio",
    blocks: [
      {
        p: "I consulti di cartomanzia sono un servizio di intrattenimento e di riflessione personale. Non sostituiscono in alcun modo il parere di medici, avvocati, psicologi o consulenti finanziari e non devono essere usati come base per decisioni che riguardano la salute, questioni legali, investimenti o altre scelte economiche.",
      },
      {
        p: "Né Arcano né i cartomanti garantiscono risultati, previsioni esatte o il verificarsi di eventi. Se stai attraversando un momento di difficoltà, rivolgiti a un professionista qualificato; in caso di emergenza chiama il 112.",
      },
    ],
  },
  {
    title: "3. Requisiti e account",
    blocks: [
      {
        list: [
          "Per usare Arcano devi avere almeno 18 anni. Lo dichiari espressamente al momento della registrazione e conserviamo la data in cui lo hai fatto.",
          "La registrazione è gratuita. Scegli se registrarti come cliente o come cartomante; un account cartomante non può prenotare consulti.",
          "I dati che fornisci devono essere veri e aggiornati. L'account è personale: custodisci la password e non condividerla con altri.",
          // docs/product-rules.md, "Accounts": each side's deletion, worded from the rule the server applies.
          `Puoi eliminare il tuo account in qualsiasi momento dalle impostazioni. Se elimina l'account un cliente, ${deletionText("client", "terms")}. Se lo elimina un cartomante, ${deletionText("psychic", "terms")}, e al cartomante non spetta alcun compenso. Ne informiamo via email entrambe le parti; i dati dei consulti passati restano conservati per obblighi contabili, con il nome sostituito da «Account eliminato».`,
        ],
      },
    ],
  },
  {
    title: "4. Prenotazioni, prezzi e pagamento",
    blocks: [
      {
        list: [
          "Ogni cartomante stabilisce liberamente le durate e i prezzi dei propri consulti. I prezzi sono sempre prezzi finali in euro, IVA inclusa: l'importo dovuto è quello mostrato nel riepilogo prima del pagamento, senza addebiti a minuto né costi aggiuntivi.",
          "Il pagamento è anticipato e avviene con carta sulla pagina di pagamento protetta del nostro fornitore di pagamenti. Arcano non vede né conserva i dati della tua carta.",
          `Quando avvii il pagamento, l'orario scelto resta riservato per ${limits.hold}; se il pagamento non si completa entro questo tempo, l'orario torna disponibile. La prenotazione è confermata solo a pagamento riuscito e te lo comunichiamo via email.`,
          `Si possono prenotare solo orari liberi, con almeno ${limits.bookingNotice} di anticipo rispetto all'inizio. Tutti gli orari sono espressi in ora italiana.`,
          "L'importo pagato è custodito da Arcano e riconosciuto al cartomante solo dopo che il consulto si è concluso.",
          `Perché tutti possano prenotare, puoi avere in programma al massimo ${limits.maxUpcomingPerPsychicDay} consulti con lo stesso cartomante nello stesso giorno, ${limits.maxUpcomingPerPsychicWeek} nella stessa settimana (da lunedì a domenica) e ${limits.maxUpcoming} in tutto, contando quelli pagati e non ancora svolti e quelli in attesa di pagamento. Ogni giorno di un cartomante accetta al massimo ${limits.maxHoldsPerPsychicDay} pagamenti in corso alla volta: se sono già avviati da altri, riprova dopo qualche minuto.`,
          `Se annulli ${limits.fullRefundsBeforePause} consulti con rimborso completo nell'arco di ${limits.fullRefundsWindow}, per ${limits.bookingPause} dall'ultimo annullamento non puoi prenotarne di nuovi. I rimborsi restano quelli previsti al punto 6 e i consulti già prenotati restano validi: puoi ancora svolgerli, spostarli o annullarli.`,
          `Dalle impostazioni puoi darti un limite di spesa mensile (fino a ${limits.spendingLimitMax}) o una pausa di ${limits.spendingPauseDays} giorni, durante la quale non puoi pagare nuovi consulti. Ciò che riduce la spesa vale subito; alzare o togliere il limite, o chiudere prima la pausa, vale dopo ${limits.spendingCoolOff}. Un pagamento che il limite o la pausa non consentono più, arrivato per esempio da una pagina di pagamento rimasta aperta, non conferma il consulto e ti viene restituito con ${refundText("late_payment")}.`,
        ],
      },
    ],
  },
  {
    title: "5. Svolgimento del consulto",
    blocks: [
      {
        list: [
          "Il consulto si svolge come chiamata vocale nel browser, dalla pagina dedicata della piattaforma, senza scambiare numeri di telefono.",
          `La pagina della chiamata è accessibile da ${limits.earlyAccess} prima dell'inizio, per verificare microfono e audio. Il tempo pagato va dall'orario di inizio prenotato fino al termine della durata scelta; allo scadere la chiamata si chiude automaticamente. Un ingresso in ritardo non prolunga il consulto.`,
          "Le chiamate non vengono registrate da Arcano, ed è vietato a clienti e cartomanti registrarle con qualsiasi mezzo.",
          "Ciascuna parte è responsabile di disporre di un dispositivo con microfono, di un browser aggiornato e di una connessione internet adeguata.",
        ],
      },
    ],
  },
  {
    title: "6. Cancellazioni e rimborsi",
    blocks: [
      {
        p: "Le regole seguenti si calcolano rispetto all'orario di inizio del consulto. Per ogni consulto la pagina di prenotazione, prima del pagamento, l'email di conferma e la tua dashboard indicano le date e gli orari esatti entro cui annullare e quanto ricevi in ciascun caso.",
      },
      {
        list: [
          `Cancellazione del cliente almeno ${limits.fullRefundNotice} prima dell'inizio: rimborso completo dell'importo pagato.`,
          `Cancellazione del cliente tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima dell'inizio: rimborso del ${limits.halfRefund} dell'importo pagato.`,
          `Cancellazione del cliente a meno di ${limits.halfRefundNotice} dall'inizio, oppure mancata presenza del cliente: nessun rimborso; il cartomante riceve il compenso per intero.`,
          `Assenza del cartomante: se il cartomante non si collega entro ${limits.psychicGrace} dall'inizio, il consulto è annullato e il cliente riceve automaticamente il ${refundText("psychic_no_show")}.`,
          `Lo stesso vale se il cartomante si collega ma resta nella chiamata meno di ${limits.psychicMinPresence} della durata mentre il cliente è collegato (se il cliente chiude prima, basta che il cartomante sia rimasto quanto lui, meno ${limits.psychicLeavingMargin}): al termine dell'orario il consulto è annullato, il cliente riceve il ${refundText("psychic_no_show")} e al cartomante non spetta alcun compenso. Fa fede il registro della chiamata.`,
          `Se è il cartomante ad annullare un consulto confermato, il cliente riceve sempre il ${refundText("psychic_cancelled")}.`,
          `Il cliente può spostare un consulto confermato a un altro orario libero dello stesso cartomante, con la stessa durata, fino a ${limits.rescheduleNotice} prima dell'inizio e al massimo ${limits.maxReschedules}, senza pagare di nuovo.`,
        ],
      },
      {
        p: `I rimborsi vengono disposti sulla stessa carta usata per il pagamento e risultano visibili, a seconda della banca o dell'emittente della carta, entro ${limits.refundArrival}.`,
      },
      {
        p: "Se un consulto non ha potuto svolgersi per un malfunzionamento della piattaforma, segnalacelo tramite il modulo di contatto: verificheremo quanto accaduto e, se il problema dipende da noi, ti rimborseremo integralmente.",
      },
    ],
  },
  {
    title: "7. Condizioni per i cartomanti",
    blocks: [
      {
        list: [
          "Per pubblicare un profilo il cartomante deve essere maggiorenne e fornire informazioni veritiere su identità, competenze, esperienza, referenze e formazione. Arcano può verificarle prima e dopo la pubblicazione, anche con un colloquio, e monitora la qualità attraverso le recensioni dei clienti.",
          "Il cartomante stabilisce durate, prezzi e disponibilità settimanale e si impegna a rispettare gli appuntamenti confermati.",
          `Arcano trattiene una commissione del ${limits.commission} sull'importo che spetta al cartomante per ogni consulto, arrotondata al centesimo. Il compenso netto è trasferito sul conto del cartomante presso il fornitore di pagamenti quando il consulto si è svolto (per una cancellazione tardiva, all'ora in cui sarebbe finito), una volta attivati i pagamenti nelle impostazioni; il fornitore lo versa poi sul conto bancario ogni ${limits.payoutDay}.`,
          `In caso di cancellazione del cliente tra ${limits.fullRefundHours} e ${limits.halfRefundNotice} prima dell'inizio, al cartomante spetta la parte non rimborsata; in caso di cancellazione a meno di ${limits.halfRefundNotice} o di mancata presenza del cliente, l'intero importo. In entrambi i casi si applica la commissione del ${limits.commission}.`,
          `Se il cartomante annulla un consulto, non si presenta o elimina l'account, il cliente riceve il ${refundText("psychic_cancelled")} e al cartomante non spetta alcun compenso.`,
          "Se, dopo il trasferimento, il cliente ottiene un rimborso o contesta il pagamento presso la propria banca, la parte di compenso corrispondente viene ripresa dal conto del cartomante; se il saldo non basta, l'importo resta da restituire ed è recuperato dai trasferimenti successivi.",
          "Il cartomante agisce in piena autonomia ed è responsabile dei propri adempimenti fiscali e previdenziali.",
          "Assenze ripetute, comportamenti scorretti accertati o violazioni di questi termini possono comportare la sospensione o la rimozione del profilo.",
        ],
      },
    ],
  },
  {
    title: "8. Regole di comportamento",
    blocks: [
      { p: "Chi usa Arcano, come cliente o come cartomante, si impegna a:" },
      {
        list: [
          "trattare l'altra parte con rispetto, senza linguaggio offensivo, discriminatorio o molesto;",
          "non chiedere né offrire pagamenti, recapiti o consulti al di fuori della piattaforma;",
          "non promettere risultati, guarigioni o eventi certi e non proporre riti, talismani o altri servizi a pagamento;",
          "non fare leva su paure o fragilità per indurre l'altra parte a prenotare altri consulti o a spendere denaro;",
          "non registrare le chiamate e non diffondere informazioni personali apprese durante il consulto;",
          "non usare la piattaforma per scopi illeciti né per conto di minorenni.",
        ],
      },
      {
        p: "Possiamo sospendere o chiudere gli account che violano queste regole. Puoi segnalarci qualsiasi comportamento scorretto tramite il modulo di contatto.",
      },
    ],
  },
  {
    title: "9. Recensioni",
    blocks: [
      {
        p: "Dopo un consulto concluso il cliente può lasciare una recensione per quella prenotazione, con un voto da 1 a 5 stelle e un commento. Le recensioni devono riflettere un'esperienza reale e non contenere insulti, dati personali di terzi o contenuti illeciti: possiamo rimuovere quelle che violano queste regole. La valutazione di ogni cartomante è la media delle recensioni ricevute.",
      },
    ],
  },
  {
    title: "10. Responsabilità",
    blocks: [
      {
        p: "Arcano si impegna a mantenere la piattaforma funzionante e sicura, ma non può garantire un servizio privo di interruzioni, per esempio durante la manutenzione o per problemi delle reti e dei fornitori esterni.",
      },
      {
        p: "Arcano non risponde del contenuto dei consulti, delle interpretazioni fornite dai cartomanti né delle decisioni che ciascuno prende sulla base di esse. Restano salvi i diritti che la legge riconosce ai consumatori e la responsabilità di Arcano per dolo o colpa grave, che non può essere esclusa.",
      },
    ],
  },
  {
    title: "11. Modifiche ai termini",
    blocks: [
      {
        p: "Possiamo aggiornare questi termini, ad esempio per cambiamenti del servizio o della normativa. La data dell'ultimo aggiornamento è indicata in cima alla pagina e, in caso di modifiche rilevanti, ti avvisiamo via email prima che entrino in vigore. Le prenotazioni già pagate restano regolate dai termini in vigore al momento del pagamento.",
      },
    ],
  },
  {
    title: "12. Legge applicabile e foro competente",
    blocks: [
      {
        p: "Questi termini sono regolati dalla legge italiana. Per le controversie con i consumatori è competente il giudice del luogo di residenza o di domicilio del consumatore, come previsto dal Codice del Consumo. Restano salve le norme inderogabili a tutela dei consumatori.",
      },
    ],
  },
  {
    title: "13. Contatti",
    blocks: [
      {
        p: (
          <>
            Per domande su questi termini, su una prenotazione o su un rimborso scrivici tramite il{" "}
            <InternalLink to={paths.contact}>modulo di contatto</InternalLink>: ti risponderemo il prima possibile. Per sapere come trattiamo i tuoi
            dati personali leggi l'
            <InternalLink to={paths.privacy}>Informativa sulla privacy</InternalLink>.
          </>
        ),
      },
    ],
  },
];

function renderBlock(block: Block, index: number) {
  if ("list" in block) {
    return (
      <ul key={index} className="static-list">
        {block.list.map((item, itemIndex) => (
          <li key={itemIndex}>
            <Text size="3">{item}</Text>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Text as="p" size="3" key={index}>
      {block.p}
    </Text>
  );
}

export function TermsPage() {
  return (
    <StaticPage
      title="Termini di servizio"
      lead="Questi termini regolano l'uso di Arcano da parte di clienti e cartomanti. Ti chiediamo di leggerli con attenzione prima di prenotare o di offrire un consulto."
    >
      <Text as="p" size="2" color="gray" className="static-updated">
        Ultimo aggiornamento: <time dateTime="2026-11-28">28 novembre 2026</time>
      </Text>
      {sections.map((section) => (
        <PageSection key={section.title} title={section.title}>
          {section.blocks.map(renderBlock)}
        </PageSection>
      ))}
    </StaticPage>
  );
}
