// The platform's commission invoice to a psychic as a FatturaPA 1.2.2 file for private parties (FPR12), the XML
// the Sistema di Interscambio accepts: schemas/fatturapa/ keeps the official schema, and the tests validate every
// file this writes against it. Pure: amounts in integer cents, written with two decimals; texts kept to the
// schema's Latin-1 alphabet and lengths. Sending the file to SdI (through an intermediary) is not done here.

/** An Italian address as the schema's IndirizzoType wants it. */
type FiscalAddress = { street: string; postcode: string; town: string; province?: string; country?: string };

/** The platform, who issues the invoice (CedentePrestatore): a company with a partita IVA. */
type InvoiceSeller = {
  companyName: string;
  vatNumber: string;
  taxCode?: string;
  /** RF01 ordinary regime, RF19 flat-rate… (RegimeFiscaleType). */
  regime: string;
  address: FiscalAddress;
};

/**
 * The psychic, who receives it (CessionarioCommittente): a person with a codice fiscale and, for one who works
 * with a partita IVA, that too. Their SdI recipient code or PEC when they gave one; otherwise '0000000', and the
 * invoice reaches them in their tax drawer (cassetto fiscale).
 */
type InvoiceBuyer = ({ firstName: string; lastName: string } | { legalName: string }) & {
  taxCode: string;
  vatNumber?: string;
  address: FiscalAddress;
  recipientCode?: string;
  pec?: string;
};

type InvoiceLine = { description: string; amountCents: number };

export type CommissionInvoice = {
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** TD01 an invoice, TD04 a credit note that corrects `corrects`. */
  documentType: "TD01" | "TD04";
  corrects?: { number: string; date: string };
  /** The invoice's number, unique and without gaps per year ("2026/000123"): at most 20 characters. */
  number: string;
  /** The issue date, "YYYY-MM-DD". */
  date: string;
  /** The transmission's own number (ProgressivoInvio): letters and digits, at most 10. */
  sendingNumber: string;
  lines: readonly InvoiceLine[];
  vatPercent: number;
  /**
   * The VAT when the lines' net was taken out of a VAT-inclusive amount (the commission includes its IVA): the
   * total is then that amount to the cent. Absent, the VAT is computed on the net.
   */
  taxCents?: number;
};

const NAMESPACE = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2";
/** 'Nessun codice destinatario': the invoice is delivered to the tax drawer or the PEC. */
const NO_RECIPIENT_CODE = "0000000";

/** "1234.50" from 123450 cents; exact, no floating point. */
export function decimalOf(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`cents must be whole: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** The VAT on `netCents` at `percent`, to the cent, half away from zero. */
export function vatCents(netCents: number, percent: number): number {
  return Math.sign(netCents) * Math.round((Math.abs(netCents) * percent) / 100);
}

/** The invoice's sums: net, VAT on the whole net (one summary block, one rate), total. */
export function invoiceTotals(invoice: Pick<CommissionInvoice, "lines" | "vatPercent" | "taxCents">) {
  const netCents = invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = invoice.taxCents ?? vatCents(netCents, invoice.vatPercent);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

// The schema's texts are Latin-1 (String…LatinType): typographic marks become their plain forms, anything else '?'.
const PLAIN: Readonly<Record<string, string>> = { "‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "...", "€": "EUR" };

function latin(text: string, max: number): string {
  const plain = [...text.normalize("NFC")].map((char) => PLAIN[char] ?? (char.codePointAt(0)! <= 0xff ? char : "?")).join("");
  return [...plain.replace(/\s+/g, " ").trim()].slice(0, max).join("");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One element: its text escaped, or its children as they are. */
const el = (name: string, content: string) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string, max: number) => el(name, escapeXml(latin(value, max)));

function address(where: FiscalAddress): string {
  return el(
    "Sede",
    text("Indirizzo", where.street, 60) +
      el("CAP", where.postcode) +
      text("Comune", where.town, 60) +
      (where.province ? el("Provincia", where.province) : "") +
      el("Nazione", where.country ?? "IT"),
  );
}

const vatId = (vatNumber: string) => el("IdFiscaleIVA", el("IdPaese", "IT") + el("IdCodice", vatNumber));

/** The whole file, UTF-8, for FatturaPA 1.2.2 (FPR12). */
export function commissionInvoiceXml(invoice: CommissionInvoice): string {
  const { seller, buyer } = invoice;
  const { netCents, taxCents, totalCents } = invoiceTotals(invoice);
  const rate = `${invoice.vatPercent.toFixed(2)}`;
  const recipientCode = buyer.recipientCode ?? NO_RECIPIENT_CODE;

  const transmission = el(
    "DatiTrasmissione",
    el("IdTrasmittente", el("IdPaese", "IT") + el("IdCodice", seller.vatNumber)) +
      el("ProgressivoInvio", invoice.sendingNumber) +
      el("FormatoTrasmissione", "FPR12") +
      el("CodiceDestinatario", recipientCode) +
      (recipientCode === NO_RECIPIENT_CODE && buyer.pec ? text("PECDestinatario", buyer.pec, 256) : ""),
  );
  const sellerBlock = el(
    "CedentePrestatore",
    el(
      "DatiAnagrafici",
      vatId(seller.vatNumber) +
        (seller.taxCode ? el("CodiceFiscale", seller.taxCode) : "") +
        el("Anagrafica", text("Denominazione", seller.companyName, 80)) +
        el("RegimeFiscale", seller.regime),
    ) + address(seller.address),
  );
  const buyerBlock = el(
    "CessionarioCommittente",
    el(
      "DatiAnagrafici",
      (buyer.vatNumber ? vatId(buyer.vatNumber) : "") +
        el("CodiceFiscale", buyer.taxCode) +
        // The legal name as the psychic wrote it, when that is all there is: splitting 'Anna Maria De Luca' would be a guess.
        el("Anagrafica", "legalName" in buyer ? text("Denominazione", buyer.legalName, 80) : text("Nome", buyer.firstName, 60) + text("Cognome", buyer.lastName, 60)),
    ) + address(buyer.address),
  );
  const general = el(
    "DatiGenerali",
    el(
      "DatiGeneraliDocumento",
      el("TipoDocumento", invoice.documentType) +
        el("Divisa", "EUR") +
        el("Data", invoice.date) +
        text("Numero", invoice.number, 20) +
        el("ImportoTotaleDocumento", decimalOf(totalCents)) +
        text("Causale", invoice.documentType === "TD04" ? "Nota di credito sulla commissione" : "Commissione sui consulti", 200),
    ) +
      (invoice.corrects ? el("DatiFattureCollegate", text("IdDocumento", invoice.corrects.number, 20) + el("Data", invoice.corrects.date)) : ""),
  );
  const lines = invoice.lines
    .map((line, index) =>
      el(
        "DettaglioLinee",
        el("NumeroLinea", String(index + 1)) +
          text("Descrizione", line.description, 1000) +
          el("PrezzoUnitario", decimalOf(line.amountCents)) +
          el("PrezzoTotale", decimalOf(line.amountCents)) +
          el("AliquotaIVA", rate),
      ),
    )
    .join("");
  const summary = el(
    "DatiRiepilogo",
    el("AliquotaIVA", rate) + el("ImponibileImporto", decimalOf(netCents)) + el("Imposta", decimalOf(taxCents)) + el("EsigibilitaIVA", "I"),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">` +
    el("FatturaElettronicaHeader", transmission + sellerBlock + buyerBlock) +
    el("FatturaElettronicaBody", general + el("DatiBeniServizi", lines + summary)) +
    "</p:FatturaElettronica>\n"
  );
}
