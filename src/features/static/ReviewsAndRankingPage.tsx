import { Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from "@convex/model/reviews";
import { CANCELLATION_WINDOW_DAYS, MIN_GIVEN_FOR_FIGURES, ON_TIME_GRACE_MS } from "@convex/model/psychicFigures";
import { CATALOGUE_PAGE_SIZE } from "@/lib/catalogue/catalogueQuestion";
import { ORDER_EXPLAINED, ORDER_LABELS } from "@convex/model/catalogueOrder";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { PageSection, StaticPage } from "@/features/static/StaticPage";

const onTimeMinutes = ON_TIME_GRACE_MS / 60_000;
const withoutStop = (sentence: string) => sentence.replace(/\.$/, "");

/**
 * 'Come funzionano recensioni e classifica' (docs/product-rules.md, "Psychic figures and the list's order"):
 * how reviews are verified and what orders the list, as the server does it. The numbers come from the
 * same constants the server applies, so the page cannot drift from the rules.
 */
export function ReviewsAndRankingPage() {
  return (
    <StaticPage
      title="Come funzionano recensioni e classifica"
      lead="Come verifichiamo le recensioni, cosa misurano i dati accanto alla valutazione e in che ordine mostriamo i cartomanti."
    >
      <PageSection title="Recensioni verificate">
        <ul>
          <li>
            Può recensire solo il cliente che ha prenotato e pagato un consulto <strong>completato</strong>. Un consulto annullato, rimborsato o
            segnato «Cliente assente» non si può recensire.
          </li>
          <li>
            Una sola recensione per consulto: da 1 a 5 stelle intere e un commento da {REVIEW_MIN_LENGTH} a {REVIEW_MAX_LENGTH} caratteri.
          </li>
          <li>
            L&apos;autore può modificarla per {limits.reviewEditWindow} da quando l&apos;ha scritta; poi resta com&apos;è. Il cartomante non può
            modificarla né cancellarla.
          </li>
          <li>Le recensioni compaiono con il nome e l&apos;iniziale del cognome del cliente, dalla più recente.</li>
          <li>
            La valutazione è la media di tutte le recensioni del cartomante, aggiornata a ogni recensione o modifica. Senza recensioni il profilo
            mostra «Nuovo».
          </li>
        </ul>
      </PageSection>

      <PageSection title="I dati accanto alla valutazione">
        <Text as="p">Li calcoliamo dalle prenotazioni e dai dati delle chiamate, e si aggiornano a ogni consulto, annullamento o rimborso.</Text>
        <ul>
          <li>
            <strong>Consulti tenuti</strong>: i consulti arrivati alla fine, compresi quelli in cui il cliente non si è presentato (il cartomante
            c&apos;era).
          </li>
          <li>
            <strong>Puntualità</strong>: la quota dei consulti dovuti in cui il cartomante è entrato nella chiamata entro {onTimeMinutes} minuti
            dall&apos;inizio. Sono dovuti i consulti tenuti e quelli annullati e rimborsati perché il cartomante non si è presentato.
          </li>
          <li>
            <strong>Cancellazioni del cartomante</strong>: i consulti confermati che il cartomante ha annullato negli ultimi{" "}
            {CANCELLATION_WINDOW_DAYS} giorni (ora italiana). Non contano le cancellazioni dei clienti.
          </li>
        </ul>
        <Text as="p">
          Con meno di {MIN_GIVEN_FOR_FIGURES} consulti tenuti mostriamo «Nuovo» al posto della percentuale: pochi consulti non bastano per un dato
          affidabile.
        </Text>
      </PageSection>

      <PageSection title="L'ordine dell'elenco dei cartomanti">
        <Text as="p">
          L&apos;elenco{" "}
          <Link asChild>
            <RouterLink to={paths.psychics}>I nostri cartomanti</RouterLink>
          </Link>{" "}
          è ordinato, se non scegli altro («Ordinati per: {ORDER_LABELS.rating}»), così:
        </Text>
        <ol>
          <li>prima i cartomanti che accettano consulti («Disponibile»), poi gli altri;</li>
          <li>poi la valutazione media più alta; chi non ha ancora recensioni viene dopo chi ne ha;</li>
          <li>a parità di valutazione, chi ha più recensioni;</li>
          <li>a parità anche di recensioni, il nome in ordine alfabetico.</li>
        </ol>
        <Text as="p">
          Puoi ordinarlo anche per {ORDER_LABELS.soonest} ({withoutStop(ORDER_EXPLAINED.soonest)}) o per {ORDER_LABELS.price} (
          {withoutStop(ORDER_EXPLAINED.price)}). L&apos;ordine in uso è sempre scritto sopra l&apos;elenco.
        </Text>
        <Text as="p">
          La ricerca e i filtri per ambito, tecnica, tipo di consulto e prezzo restringono l&apos;elenco senza cambiarne l&apos;ordine. Puntualità e
          cancellazioni non cambiano l&apos;ordine: le mostriamo perché tu possa valutarle. Nella pagina iniziale compaiono i tre cartomanti con la
          valutazione media più alta. L&apos;elenco comprende tutti i cartomanti pubblicati, {CATALOGUE_PAGE_SIZE} alla volta.
        </Text>
        <Text as="p">
          Nessun cartomante paga per comparire più in alto: non ci sono posizioni sponsorizzate e la commissione è la stessa per tutti.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
