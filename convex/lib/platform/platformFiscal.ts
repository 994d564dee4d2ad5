// The platform's own fiscal data, the issuer of the commission invoices: the deployment's settings
// (`npx convex env set PLATFORM_VAT_NUMBER …`; .env.local.example names each). Without them no invoice is issued,
// and the admin's page says so; `npm start` sets a demo company's.
import { env } from "../../_generated/server";
import { normalisePartitaIva } from "../../model/fiscal";
import type { PlatformFiscalFacts } from "../../model/fiscalDocuments";

/** The platform's data, or null while a required part is missing or the partita IVA is not a valid one. */
export function platformFiscalFacts(): PlatformFiscalFacts | null {
  const vatNumber = normalisePartitaIva(env.PLATFORM_VAT_NUMBER ?? "");
  const companyName = env.PLATFORM_COMPANY_NAME?.trim();
  const street = env.PLATFORM_STREET?.trim();
  const postcode = env.PLATFORM_POSTCODE?.trim();
  const town = env.PLATFORM_TOWN?.trim();
  if (vatNumber === null || !companyName || !street || !postcode || !/^\d{5}$/.test(postcode) || !town) return null;
  const province = env.PLATFORM_PROVINCE?.trim().toUpperCase();
  return {
    companyName,
    vatNumber,
    taxCode: env.PLATFORM_TAX_CODE?.trim() || undefined,
    // RF01: the ordinary regime, a company's usual one.
    regime: env.PLATFORM_FISCAL_REGIME?.trim() || "RF01",
    street,
    postcode,
    town,
    province: province && /^[A-Z]{2}$/.test(province) ? province : undefined,
  };
}
