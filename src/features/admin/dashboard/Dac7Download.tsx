// Rapporto DAC7 (D.Lgs. 32/2023): the admin picks a year and downloads the server's CSV, one row per
// psychic credited in it, transferred or not (convex/adminPayouts.ts dac7Report), and sees who lacks fiscal
// data. Asked once per click, not subscribed to.
import { useState } from "react";
import { DownloadIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Heading, Select, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import { romeDateOf } from "@convex/framework/time";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { saveFile } from "@/lib/browser/saveFile";

/** The first year the rule covers; the server refuses earlier ones. */
const FIRST_DAC7_YEAR = 2023;

/** The current Rome year and the 4 before it, those the rule covers. */
export function dac7Years(now: number): number[] {
  const current = Number(romeDateOf(now).slice(0, 4));
  return [0, 1, 2, 3, 4].map((back) => current - back).filter((year) => year >= FIRST_DAC7_YEAR);
}

/**
 * Hands `csv` to the browser as a download named `fileName`. The byte order mark tells Excel the file is
 * UTF-8, so names with accents read right.
 */
function downloadCsv(fileName: string, csv: string) {
  saveFile(fileName, new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
}

type Downloaded = Omit<FunctionReturnType<typeof api.adminPayouts.dac7Report>, "csv">;

/** One psychic without fiscal data, as the warning lists them: how to reach them, or that they can no longer be asked. */
function missingLabel(entry: Downloaded["missing"][number]): string {
  if (entry.accountDeleted) return `${entry.name} (account eliminato)`;
  return entry.email === null ? entry.name : `${entry.name} (${entry.email})`;
}

export function Dac7Download() {
  const convex = useConvex();
  const [years] = useState(() => dac7Years(Date.now()));
  const [year, setYear] = useState(years[0]);
  const [pending, setPending] = useState(false);
  const [downloaded, setDownloaded] = useState<Downloaded | null>(null);

  const download = async () => {
    setPending(true);
    try {
      const report = await convex.query(api.adminPayouts.dac7Report, { year });
      downloadCsv(`dac7-${report.year}.csv`, report.csv);
      setDownloaded({ year: report.year, rows: report.rows, missingFiscalData: report.missingFiscalData, missing: report.missing });
    } catch (failure) {
      toast.error(errorMessage(failure, "Impossibile preparare il rapporto DAC7."));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="dac7-heading">
      <Heading as="h2" size="4" mb="2" id="dac7-heading">
        Rapporto DAC7
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Ogni gennaio la piattaforma comunica all'Agenzia delle Entrate i compensi dell'anno prima di ogni cartomante (D.Lgs. 32/2023): una riga per
        cartomante con i dati fiscali e, per trimestre, i corrispettivi pagati o accreditati (anche se il trasferimento non è ancora partito),
        le commissioni e il numero di consulti.
      </Text>
      <Flex align="end" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="span" size="2" weight="medium" id="dac7-year-label">
            Anno
          </Text>
          <Select.Root value={String(year)} onValueChange={(value) => setYear(Number(value))}>
            <Select.Trigger aria-labelledby="dac7-year-label" />
            <Select.Content position="popper">
              {years.map((option) => (
                <Select.Item key={option} value={String(option)}>
                  {String(option)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Button onClick={() => void download()} disabled={pending}>
          <DownloadIcon /> {pending ? "Preparazione..." : "Scarica CSV"}
        </Button>
      </Flex>
      <Flex direction="column" gap="3" mt="3" role="status">
        {downloaded ? (
          <Text size="2">
            {downloaded.rows === 0
              ? `Nessun cartomante ha ricevuto compensi nel ${downloaded.year}: il file dac7-${downloaded.year}.csv ha solo l'intestazione.`
              : `Scaricato dac7-${downloaded.year}.csv: ${downloaded.rows === 1 ? "1 cartomante" : `${downloaded.rows} cartomanti`}.`}
          </Text>
        ) : null}
        {downloaded && downloaded.missingFiscalData > 0 ? (
          <>
            <Callout.Root color="amber">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>
                {downloaded.missingFiscalData === 1
                  ? "1 cartomante non ha ancora inserito i dati fiscali"
                  : `${downloaded.missingFiscalData} cartomanti non hanno ancora inserito i dati fiscali`}
                : nel file risultano «da completare». Chiedi di completarli in Impostazioni, alla voce «Dati fiscali (DAC7)», prima dell'invio.
              </Callout.Text>
            </Callout.Root>
            <Text as="div" size="2">
              <ul aria-label="Cartomanti senza dati fiscali" style={{ margin: 0, paddingLeft: "var(--space-5)" }}>
                {downloaded.missing.map((entry, index) => (
                  <li key={index}>{missingLabel(entry)}</li>
                ))}
              </ul>
            </Text>
          </>
        ) : null}
      </Flex>
    </section>
  );
}
