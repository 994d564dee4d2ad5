// 'Dati fiscali (DAC7)' on /psychic/settings: what the platform must report to the Agenzia delle Entrate
// every January that Stripe does not give back to us (docs/product-rules.md, "Payouts"), and what the fiscal
// documents carry: the receipts issued to clients in the psychic's name (with the partita IVA's regime) and
// where Arcano's e-invoices reach them ("Fiscal documents"). The psychic sees and corrects it here;
// convex/fiscalData.ts checks it again and names the field it refuses.
import { useId } from "react";
import { Button, Card, Flex, Grid, Heading, RadioGroup, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { FieldError } from "@/components/form/FieldError";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import {
  fiscalDataSchema,
  serverFieldMessages,
  type FiscalDataFields,
  type FiscalDataValues,
  type FiscalRegimeChoice,
} from "./fiscalDataSchema";

type SavedFiscalData = FunctionReturnType<typeof api.fiscalData.getMine>;

const fiscalDataSavedToast = { title: "Dati fiscali salvati", description: "Li useremo per la comunicazione DAC7 e sui documenti fiscali." } as const;
const fiscalDataSaveErrorMessage = "Impossibile salvare i dati fiscali.";

/** The field an INVALID_INPUT refusal names, when it is one of the form's. */
function refusedField(error: unknown): FiscalDataFields | null {
  if (errorCodeOf(error) !== "INVALID_INPUT" || !(error instanceof ConvexError)) return null;
  const field: unknown = (error.data as { field?: unknown }).field;
  return typeof field === "string" && field in serverFieldMessages ? (field as FiscalDataFields) : null;
}

export function FiscalDataForm() {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="fiscal-data-heading">
        <Heading as="h2" size="4" mb="2" id="fiscal-data-heading">
          Dati fiscali (DAC7)
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          Ogni gennaio la piattaforma deve comunicare all'Agenzia delle Entrate i compensi che hai ricevuto nell'anno precedente (direttiva europea
          DAC7, D.Lgs. 32/2023). Gli stessi dati compaiono sulle ricevute che Arcano emette ai clienti a tuo nome e sulle fatture della
          commissione che Arcano emette a te.
        </Text>
        <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i dati fiscali. Ricarica la pagina." />}>
          <SavedFiscalDataForm />
        </ErrorBoundary>
      </section>
    </Card>
  );
}

function SavedFiscalDataForm() {
  const saved = useQuery(api.fiscalData.getMine, {});
  if (saved === undefined) {
    return (
      <Flex direction="column" gap="3" role="status" aria-label="Caricamento dei dati fiscali">
        <Skeleton height="56px" />
        <Skeleton height="56px" />
        <Skeleton height="56px" />
      </Flex>
    );
  }
  return <FiscalDataFieldsForm saved={saved} />;
}

function FiscalDataFieldsForm({ saved }: { saved: SavedFiscalData }) {
  const save = useMutation(api.fiscalData.saveMine);
  const eInvoiceHintId = useId();
  const form = useZodForm(fiscalDataSchema, {
    legalName: saved?.legalName ?? "",
    codiceFiscale: saved?.codiceFiscale ?? "",
    dateOfBirth: saved?.dateOfBirth ?? "",
    street: saved?.street ?? "",
    postalCode: saved?.postalCode ?? "",
    city: saved?.city ?? "",
    iban: saved?.iban ?? "",
    partitaIva: saved?.partitaIva ?? "",
    fiscalRegime: saved?.fiscalRegime ?? "",
    sdiRecipientCode: saved?.sdiRecipientCode ?? "",
    pec: saved?.pec ?? "",
  } satisfies FiscalDataValues);
  const hasPartitaIva = form.values.partitaIva.trim() !== "";

  const submit = form.handleSubmit(async ({ iban, partitaIva, fiscalRegime, sdiRecipientCode, pec, ...fields }) => {
    // Without a partita IVA there is no regime: one chosen before the partita IVA was cleared is not sent.
    const regime = partitaIva === undefined ? undefined : fiscalRegime;
    try {
      // An empty optional field is not sent: the report then shows the Stripe account, no partita IVA, and so on.
      await save({
        ...fields,
        ...(iban === undefined ? {} : { iban }),
        ...(partitaIva === undefined ? {} : { partitaIva }),
        ...(regime === undefined ? {} : { fiscalRegime: regime }),
        ...(sdiRecipientCode === undefined ? {} : { sdiRecipientCode }),
        ...(pec === undefined ? {} : { pec }),
      });
      // What was stored: the codice fiscale, IBAN and SdI code in capitals without spaces, the PEC in small letters, the text trimmed.
      form.setValues({
        ...fields,
        iban: iban ?? "",
        partitaIva: partitaIva ?? "",
        fiscalRegime: regime ?? "",
        sdiRecipientCode: sdiRecipientCode ?? "",
        pec: pec ?? "",
      });
      toast.success(fiscalDataSavedToast.title, fiscalDataSavedToast.description);
    } catch (error) {
      const field = refusedField(error);
      if (field !== null) form.setErrors({ [field]: serverFieldMessages[field] });
      toast.error(errorMessage(error, fiscalDataSaveErrorMessage, { INVALID_INPUT: "Controlla il campo segnalato e riprova." }));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Dati fiscali">
      <Flex direction="column" gap="3">
        <TextField label="Nome e cognome (come sul codice fiscale)" autoComplete="name" {...form.field("legalName")} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <TextField
            label="Codice fiscale"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="16 lettere e cifre, come sulla tessera sanitaria."
            {...form.field("codiceFiscale")}
          />
          <TextField label="Data di nascita" type="date" autoComplete="bday" {...form.field("dateOfBirth")} />
        </Grid>
        <TextField
          label="Partita IVA (facoltativa)"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          hint="Solo se ne hai una: 11 cifre."
          {...form.field("partitaIva")}
        />
        {hasPartitaIva ? (
          <RegimeChoice value={form.values.fiscalRegime} onValueChange={(value) => form.set("fiscalRegime", value)} error={form.errors.fiscalRegime} />
        ) : null}
        <TextField label="Indirizzo (via e numero)" autoComplete="address-line1" {...form.field("street")} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <TextField label="CAP" inputMode="numeric" autoComplete="postal-code" {...form.field("postalCode")} />
          <TextField label="Città" autoComplete="address-level2" {...form.field("city")} />
        </Grid>
        <TextField
          label="IBAN (facoltativo)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="Se lo lasci vuoto, nella comunicazione compare il tuo conto Stripe."
          {...form.field("iban")}
        />
        <Text as="p" size="2" color="gray" id={eInvoiceHintId}>
          Le fatture elettroniche di Arcano ti arrivano a questo codice o a questa PEC; senza, le trovi nel tuo cassetto fiscale dell&apos;Agenzia
          delle Entrate.
        </Text>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3" role="group" aria-describedby={eInvoiceHintId} aria-label="Fatture elettroniche">
          <TextField
            label="Codice destinatario SdI (facoltativo)"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="7 lettere o cifre."
            {...form.field("sdiRecipientCode")}
          />
          <TextField label="PEC (facoltativa)" type="email" inputMode="email" autoComplete="off" spellCheck={false} {...form.field("pec")} />
        </Grid>
        <Flex>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Salvataggio..." : "Salva dati fiscali"}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** 'Regime fiscale': asked only with a partita IVA, whose receipts say whether IVA is charged. */
function RegimeChoice({ value, onValueChange, error }: { value: FiscalRegimeChoice; onValueChange: (value: FiscalRegimeChoice) => void; error?: string }) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium" id={labelId}>
        Regime fiscale
      </Text>
      <RadioGroup.Root
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required
        color={error ? "red" : undefined}
        value={value}
        onValueChange={(choice) => onValueChange(choice as FiscalRegimeChoice)}
      >
        <Flex direction="column" gap="2">
          <RadioGroup.Item value="forfettario">Forfettario (senza IVA)</RadioGroup.Item>
          <RadioGroup.Item value="ordinario">Ordinario (IVA 22% compresa nel prezzo)</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      <FieldError id={errorId} message={error} />
    </Flex>
  );
}
