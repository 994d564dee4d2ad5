// 'Scarica i tuoi dati' as both settings pages show it: on each click the browser reads the signed-in
// person's data part by part (convex/dataExport.ts, not subscribed to), says how many consultations it has
// read so far, and makes the files itself (convex/model/dataExportParts.ts); the JSON downloads at once and
// both files stay a link away (a second automatic download would make browsers ask for permission).
import { useEffect, useState } from "react";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import { bookingsRead, readWholeExport } from "@convex/model/dataExportParts";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import "./dataExport.css";

export const dataExportErrorMessage = "Impossibile preparare i tuoi dati. Riprova tra poco.";

type ReadyFile = { name: string; url: string };

/** Hands a prepared file to the browser as a download, as a click on its link would. */
function saveFile(file: ReadyFile) {
  const link = document.createElement("a");
  link.href = file.url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function DataExportCard() {
  const convex = useConvex();
  const [pending, setPending] = useState(false);
  const [consultationsRead, setConsultationsRead] = useState(0);
  const [files, setFiles] = useState<ReadyFile[] | null>(null);

  // The object URLs live as long as the links that use them.
  useEffect(() => () => files?.forEach((file) => URL.revokeObjectURL(file.url)), [files]);

  const prepare = async () => {
    setPending(true);
    setConsultationsRead(0);
    try {
      const made = await readWholeExport(
        (from) => convex.query(api.dataExport.readPart, from ? { from } : {}),
        (collection) => setConsultationsRead(bookingsRead(collection)),
      );
      const ready = [
        { name: `${made.fileBase}.json`, url: URL.createObjectURL(new Blob([made.json], { type: "application/json;charset=utf-8" })) },
        { name: `${made.fileBase}.html`, url: URL.createObjectURL(new Blob([made.html], { type: "text/html;charset=utf-8" })) },
      ];
      setFiles(ready);
      saveFile(ready[0]);
    } catch (failure) {
      toast.error(errorMessage(failure, dataExportErrorMessage));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card size="3" asChild>
      <section aria-labelledby="data-export-heading">
        <Heading as="h2" size="4" mb="2" id="data-export-heading">
          Scarica i tuoi dati
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Una copia di tutto ciò che conserviamo su di te: account, prenotazioni, pagamenti e rimborsi, recensioni, messaggi e consensi. Ricevi un
          file JSON, leggibile da un programma, e un file HTML da aprire nel browser.
        </Text>
        <Button size="3" variant="outline" onClick={() => void prepare()} loading={pending} disabled={pending}>
          <DownloadIcon /> Scarica i tuoi dati
        </Button>
        <Flex direction="column" gap="2" mt="3" role="status">
          {pending ? (
            <Text size="2">
              Stiamo preparando i tuoi dati…
              {consultationsRead > 0 ? ` ${consultationsRead === 1 ? "1 consulto letto" : `${consultationsRead} consulti letti`}` : ""}
            </Text>
          ) : null}
          {files && !pending ? (
            <>
              <Text size="2">I tuoi dati sono pronti. Il file JSON è stato scaricato; puoi scaricare di nuovo i file qui sotto.</Text>
              <Flex gap="4" wrap="wrap">
                {files.map((file) => (
                  <Link key={file.name} href={file.url} download={file.name} size="2" className="data-export-link">
                    {file.name.endsWith(".json") ? "File JSON" : "File HTML (leggibile)"}
                  </Link>
                ))}
              </Flex>
            </>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
