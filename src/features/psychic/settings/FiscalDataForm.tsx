// 'Dati fiscali (DAC7)' on /psychic/settings: what the platform must report to the Agenzia delle Entrate
// every January that Stripe does not give back to us (docs/product-rules.md, "Payouts"). The psychic sees
// and corrects it here; convex/fiscalData.ts checks it again and names the field it refuses.
import { Button, Card, Flex, Grid, Heading, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { fiscalDataSchema, serverFieldMessages, type FiscalDataFields, type FiscalDataValues } from "./fiscalDataSchema";

type SavedFiscalData = FunctionReturnType<typeof api.fiscalData.getMine>;

const fiscalDataSavedToast = { title: "Dati fiscali salvati", description: "Li useremo solo per la comunicazione DAC7." } as const;
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
          DAC7, D.Lgs. 32/2023). Usiamo questi dati solo per questa comunicazione.
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
  const form = useZodForm(fiscalDataSchema, {
    legalName: saved?.legalName ?? "",
    codiceFiscale: saved?.codiceFiscale ?? "",
    dateOfBirth: saved?.dateOfBirth ?? "",
    street: saved?.street ?? "",
    postalCode: saved?.postalCode ?? "",
    city: saved?.city ?? "",
    iban: saved?.iban ?? "",
    partitaIva: saved?.partitaIva ?? "",
  } satisfies FiscalDataValues);

  const submit = form.handleSubmit(async ({ iban, partitaIva, ...fields }) => {
    try {
      // An empty IBAN or partita IVA is not sent: the report then shows the Stripe account, and no partita IVA.
      await save({ ...fields, ...(iban === undefined ? {} : { iban }), ...(partitaIva === undefined ? {} : { partitaIva }) });
      // What was stored: the codice fiscale and IBAN in capitals without spaces, the text trimmed.
      form.setValues({ ...fields, iban: iban ?? "", partitaIva: partitaIva ?? "" });
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
        <Flex>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Salvataggio..." : "Salva dati fiscali"}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
