import type { ReactNode } from "react";
import { Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { FISCAL_RECORD_YEARS } from "@convex/model/fiscal";
import { NOTES_AND_CALLS_MONTHS, SUPPORT_MESSAGES_MONTHS, TECHNICAL_MONTHS } from "@convex/model/retention";
import { limits } from "@/lib/text/rules";
import { deletionText } from "@/lib/text/refundPromises";
import { PageSection, StaticPage } from "@/features/static/StaticPage";
import "./static.css";

/** A paragraph or a bulleted list inside a section of the notice. */
type Block = { p: ReactNode } | { list: readonly ReactNode[] };

function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A list item that starts with a bold label. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text weight="bold">{label}:</Text> {children}
    </>
  );
}

const sections: readonly { title: string; blocks: readonly Block[] }[] = [
  {
    title: "Titolare del trattamento",
    blocks: [
      {
        p: (
          <>
            Il titolare del trattamento dei dati personali è Arcano, che gestisce la piattaforma. Per qualsiasi domanda o richiesta sulla privacy puoi
            scriverci tramite il <InternalLink to={paths.contact}>modulo di contatto</InternalLink>, indicando «Privacy» nell'oggetto.
          </>
        ),
      },
    ],
  },
  {
    title: "Quali dati trattiamo",
    blocks: [
      {
        list: [
          <Labelled label="Dati dell'account">
            nome e cognome, indirizzo email, password (conservata solo in forma protetta, mai in chiaro), tipo di account, data di registrazione e
            momento in cui hai dichiarato di avere almeno 18 anni e accettato i Termini e l'Informativa.
          </Labelled>,
          <Labelled label="Profilo del cartomante">
            per chi offre consulti, nome pubblico, foto, biografia, specialità, esperienza, prezzi, disponibilità e informazioni fornite per la
            verifica.
          </Labelled>,
          <Labelled label="Dati fiscali del cartomante">
            per chi riceve compensi, nome e cognome, codice fiscale, data di nascita, indirizzo di residenza e IBAN, che la legge ci chiede di
            comunicare ogni anno all'Agenzia delle Entrate con i compensi ricevuti (comunicazione DAC7, D.Lgs. 32/2023).
          </Labelled>,
          <Labelled label="Prenotazioni e pagamenti">
            cartomante scelto, data, ora, durata, prezzo, stato della prenotazione ed esito di pagamenti e rimborsi. I dati della carta li inserisci
            direttamente sulla pagina del fornitore di pagamenti: noi non li vediamo e non li conserviamo.
          </Labelled>,
          <Labelled label="Note della prenotazione">
            i dettagli facoltativi che scrivi quando prenoti, visibili solo a te e al cartomante che hai scelto.
          </Labelled>,
          <Labelled label="Metadati delle chiamate">
            orari di ingresso e di uscita, durata ed esito tecnico della connessione. L'audio delle chiamate non viene mai registrato né conservato.
          </Labelled>,
          <Labelled label="Conversazioni dei consulti in chat">
            i messaggi che tu e il cartomante vi scrivete durante un consulto in chat, con l'ora di invio e di lettura. Numeri di telefono, indirizzi
            email e link ad altre piattaforme vengono nascosti prima che l'altra persona li legga, e l'originale non viene conservato.
          </Labelled>,
          <Labelled label="Recensioni">il voto e il commento che pubblichi dopo un consulto concluso.</Labelled>,
          <Labelled label="Messaggi all'assistenza">nome, email, argomento e testo di ciò che ci scrivi con il modulo di contatto.</Labelled>,
          <Labelled label="Dati tecnici">
            le informazioni essenziali per la sicurezza e il funzionamento del servizio, come i registri degli accessi e degli errori.
          </Labelled>,
        ],
      },
      {
        p: "Ti chiediamo di non inserire nelle note dati sulla salute o altre categorie particolari di dati: non servono per il consulto. Se scegli comunque di farlo, li trattiamo solo per permettere al cartomante di svolgere il consulto che hai richiesto, sulla base del tuo consenso esplicito, che puoi revocare in qualsiasi momento.",
      },
    ],
  },
  {
    title: "Finalità e basi giuridiche",
    blocks: [
      {
        list: [
          `Creare e gestire l'account, le prenotazioni, i pagamenti, i rimborsi e le chiamate, e inviarti le email di servizio (conferme, promemoria ${limits.reminders} prima del consulto, cancellazioni e rimborsi): esecuzione del contratto (art. 6, par. 1, lett. b del GDPR).`,
          "Verificare l'età minima e, per i cartomanti, identità e competenze: esecuzione del contratto e legittimo interesse a offrire un servizio sicuro (art. 6, par. 1, lett. b e f).",
          "Conservare la documentazione contabile e fiscale e comunicare ogni anno all'Agenzia delle Entrate i compensi dei cartomanti (DAC7): adempimento di obblighi di legge (art. 6, par. 1, lett. c).",
          "Rispondere alle richieste inviate con il modulo di contatto: esecuzione del contratto o di misure richieste da te (art. 6, par. 1, lett. b).",
          "Prevenire abusi e frodi, gestire contestazioni e pubblicare le recensioni: legittimo interesse di Arcano e dei suoi utenti (art. 6, par. 1, lett. f).",
        ],
      },
      {
        p: "Non usiamo i tuoi dati per profilazione pubblicitaria, non li vendiamo e non prendiamo decisioni basate unicamente su trattamenti automatizzati che producano effetti giuridici nei tuoi confronti.",
      },
    ],
  },
  {
    title: "Chi riceve i dati",
    blocks: [
      { p: "I dati sono accessibili solo al personale autorizzato di Arcano e, per quanto strettamente necessario, a:" },
      {
        list: [
          `il cartomante che hai prenotato, che vede il tuo nome, i dati della prenotazione e le eventuali note e, per un consulto in chat, la conversazione, che può rileggere per ${limits.chatTranscriptPsychicDays} giorni dopo il consulto;`,
          "il personale di Arcano che gestisce una tua segnalazione di un consulto in chat, che può leggerne la conversazione solo per quella segnalazione;",
          "il fornitore di pagamenti con carta, che elabora pagamenti e rimborsi;",
          "il fornitore dell'infrastruttura per le chiamate vocali, che trasmette l'audio in tempo reale senza registrarlo;",
          "il fornitore del servizio di invio email, per le comunicazioni di servizio;",
          "il fornitore di hosting e database su cui funziona la piattaforma;",
          "le autorità pubbliche, solo nei casi previsti dalla legge.",
        ],
      },
      {
        p: "I fornitori trattano i dati come responsabili del trattamento in base a un contratto ai sensi dell'art. 28 del GDPR oppure, per gli obblighi che la legge impone loro direttamente (come accade per i servizi di pagamento), come titolari autonomi. Se un fornitore tratta dati fuori dallo Spazio economico europeo, il trasferimento avviene solo verso Paesi coperti da una decisione di adeguatezza della Commissione europea o con le clausole contrattuali standard approvate dalla Commissione.",
      },
    ],
  },
  {
    title: "Per quanto tempo conserviamo i dati",
    blocks: [
      {
        list: [
          <Labelled label="Account">
            finché l'account è attivo. Quando lo elimini cancelliamo i dati dell'account e, per i cartomanti, il profilo.
          </Labelled>,
          <Labelled label="Prenotazioni e pagamenti">
            10 anni, come richiesto dalle norme civilistiche e fiscali sulla conservazione delle scritture contabili (art. 2220 del Codice civile),
            anche dopo l'eliminazione dell'account: vedi la sezione seguente.
          </Labelled>,
          <Labelled label="Dati fiscali del cartomante">
            finché l'account è attivo; se lo elimini dopo aver ricevuto compensi, {FISCAL_RECORD_YEARS} anni dalla fine dell'ultimo anno in cui hai ricevuto compensi,
            come richiesto dalla normativa DAC7: vedi la sezione seguente.
          </Labelled>,
          <Labelled label="Note e metadati delle chiamate">
            {NOTES_AND_CALLS_MONTHS} mesi dal consulto, per gestire eventuali contestazioni; poi vengono cancellati.
          </Labelled>,
          <Labelled label="Conversazioni dei consulti in chat">
            {NOTES_AND_CALLS_MONTHS} mesi dal consulto: fino ad allora le rileggi e le scarichi dalla dashboard. Il cartomante le legge per{" "}
            {limits.chatTranscriptPsychicDays} giorni dopo il consulto. Se elimini l'account, le conversazioni dei tuoi consulti vengono cancellate
            subito; se lo elimina il cartomante, restano a te, con il suo nome sostituito da «Account eliminato».
          </Labelled>,
          <Labelled label="Recensioni">
            finché è pubblicato il profilo del cartomante recensito; se elimini l'account vengono mostrate come «Account eliminato».
          </Labelled>,
          <Labelled label="Messaggi all'assistenza">{SUPPORT_MESSAGES_MONTHS} mesi dall'ultima risposta.</Labelled>,
          <Labelled label="Dati tecnici">al massimo {TECHNICAL_MONTHS} mesi.</Labelled>,
        ],
      },
    ],
  },
  {
    title: "Cosa resta dopo l'eliminazione dell'account",
    blocks: [
      {
        p: `Quando elimini l'account cancelliamo subito nome, email, password e sessioni di accesso, il profilo da cartomante con la foto, i file che hai caricato, i messaggi che ci hai scritto, le email che ti abbiamo inviato e le statistiche mensili del cartomante. Se sei un cliente, ${deletionText("client", "you")}. Se sei un cartomante, ${deletionText("psychic", "you")}. Restano solo i dati che la legge ci obbliga a conservare per la contabilità:`,
      },
      {
        list: [
          <Labelled label="Prenotazioni, pagamenti e rimborsi">
            cartomante, data, ora, durata, prezzo, stato, esito di pagamenti, rimborsi e contestazioni e i riferimenti del fornitore di pagamenti,
            collegati a un identificativo interno senza nome né email. Le note che avevi scritto al cartomante vengono cancellate; se elimina
            l'account un cartomante, il suo nome è sostituito da «Account eliminato». Le conversazioni dei consulti in chat di un cliente che elimina
            l'account vengono cancellate.
          </Labelled>,
          <Labelled label="Orari delle chiamate">di quei consulti: ingresso, uscita e durata, che provano se il consulto si è svolto.</Labelled>,
          <Labelled label="Per i cartomanti">
            i compensi trasferiti per ogni consulto, gli eventuali storni, i bonifici ricevuti e l'identificativo del conto presso il fornitore di
            pagamenti.
          </Labelled>,
          <Labelled label="Dati fiscali dei cartomanti">
            se hai ricevuto compensi, conserviamo a parte, separati dal profilo e da ogni altro dato dell'account, i dati fiscali che la
            comunicazione DAC7 richiede: nome e cognome, codice fiscale, data di nascita, indirizzo di residenza e IBAN (o, se non li avevi inseriti,
            il nome dell'account). Li usiamo solo per le comunicazioni all'Agenzia delle Entrate e li cancelliamo automaticamente dopo {FISCAL_RECORD_YEARS} anni dalla
            fine dell'ultimo anno in cui hai ricevuto compensi (D.Lgs. 32/2023). Se non hai mai ricevuto compensi, i dati fiscali vengono cancellati
            subito.
          </Labelled>,
          <Labelled label="Email di annullamento">
            l'avviso dei consulti annullati con l'eliminazione, inviato al tuo indirizzo subito dopo, resta tra le email inviate.
          </Labelled>,
        ],
      },
      {
        p: "Questi dati li conserviamo per 10 anni, come previsto per le scritture contabili dall'art. 2220 del Codice civile, e li usiamo solo per gli obblighi contabili e fiscali e per gestire eventuali contestazioni. Le recensioni che hai scritto restano pubblicate sul profilo del cartomante con la firma «Account eliminato».",
      },
    ],
  },
  {
    title: "I tuoi diritti",
    blocks: [
      { p: "In base agli articoli da 15 a 22 del GDPR hai il diritto di:" },
      {
        list: [
          "accedere ai tuoi dati e riceverne una copia;",
          "ottenere la rettifica dei dati inesatti o incompleti;",
          "ottenere la cancellazione dei dati, salvo quelli che dobbiamo conservare per legge;",
          "chiedere la limitazione del trattamento;",
          <>
            ricevere i dati che ci hai fornito in un formato strutturato e leggibile da dispositivo automatico (portabilità): puoi farlo da solo con{" "}
            <InternalLink to={paths.settings}>Scarica i tuoi dati</InternalLink>, che ti dà un file JSON e un file HTML con tutto ciò che conserviamo
            su di te;
          </>,
          "opporti ai trattamenti basati sul nostro legittimo interesse;",
          "revocare in qualsiasi momento il consenso prestato, senza conseguenze sui trattamenti già svolti.",
        ],
      },
      {
        p: (
          <>
            Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (
            <Link href="https://www.garanteprivacy.it" target="_blank" rel="noreferrer">
              www.garanteprivacy.it
            </Link>
            ).
          </>
        ),
      },
    ],
  },
  {
    title: "Come esercitare i tuoi diritti",
    blocks: [
      {
        list: [
          <>
            Puoi modificare il tuo nome ed eliminare l'account in qualsiasi momento dalle{" "}
            <InternalLink to={paths.settings}>impostazioni dell'account</InternalLink> oppure, se sei un cartomante, dalle{" "}
            <InternalLink to={paths.psychicSettings}>impostazioni dell'area cartomante</InternalLink>.
          </>,
          <>
            Per tutte le altre richieste scrivici tramite il <InternalLink to={paths.contact}>modulo di contatto</InternalLink>, indicando «Privacy»
            nell'oggetto e l'indirizzo email del tuo account.
          </>,
        ],
      },
      {
        p: "Rispondiamo entro un mese dalla richiesta, termine prorogabile di altri due mesi nei casi più complessi, come previsto dal GDPR. Per proteggere i tuoi dati potremmo chiederti di confermare la tua identità prima di dare seguito alla richiesta.",
      },
    ],
  },
  {
    title: "Cookie",
    blocks: [
      {
        p: "Arcano usa solo cookie tecnici e strumenti analoghi, come la memoria locale del browser, necessari per mantenere attiva la sessione di accesso e proteggere il servizio. Non usiamo cookie di profilazione, pubblicitari o di analisi di terze parti. Per questo non ti chiediamo un consenso: i cookie tecnici non lo richiedono, come chiarito dalle linee guida del Garante.",
      },
    ],
  },
  {
    title: "Minori e sicurezza",
    blocks: [
      {
        p: "Il servizio è riservato ai maggiori di 18 anni. Se scopriamo che un account appartiene a un minorenne lo chiudiamo e cancelliamo i dati relativi, salvo quelli che la legge ci impone di conservare.",
      },
      {
        p: "Proteggiamo i dati con connessioni cifrate, accessi limitati al personale autorizzato e controlli dei permessi eseguiti sul server per ogni operazione.",
      },
    ],
  },
  {
    title: "Modifiche a questa informativa",
    blocks: [
      {
        p: "Possiamo aggiornare questa informativa per riflettere cambiamenti del servizio o della normativa. La data dell'ultimo aggiornamento è indicata in cima alla pagina e, in caso di modifiche rilevanti, ti avvisiamo via email.",
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

export function PrivacyPage() {
  return (
    <StaticPage
      title="Informativa sulla privacy"
      lead="Qui spieghiamo quali dati personali trattiamo quando usi Arcano, perché lo facciamo, per quanto tempo li conserviamo e come puoi esercitare i tuoi diritti, ai sensi del Regolamento (UE) 2016/679 («GDPR») e della normativa italiana."
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
