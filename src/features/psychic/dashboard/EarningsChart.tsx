// The bar chart of the psychic's net earnings per month, loaded lazily (MonthlyFigures): recharts is in
// this chunk only. For screen readers it is one image with a summary; the table next to it has the data.
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { Box } from "@radix-ui/themes";
import { formatCents } from "@/lib/text/format";
import { formatMonth } from "@/lib/time/romeMonths";
import { formatShortMonth, type MonthRow } from "./months";

const HEIGHT = 220;

/** "Guadagni netti per mese, da giugno a novembre 2026: giugno 2026 0,00 €; …". */
export function chartSummary(months: MonthRow[]): string {
  if (months.length === 0) return "Guadagni netti per mese: nessun dato.";
  const parts = months.map((row) => `${formatMonth(row.month)} ${formatCents(row.earningsCents)}`);
  return `Grafico dei guadagni netti per mese: ${parts.join("; ")}.`;
}

/** Whole euro for the axis: 29750 → "298 €"; the bars' labels are the bare number, to fit six on a phone. */
const wholeEuro = (cents: number) => formatCents(Math.round(cents / 100) * 100, { dropZeroCents: true });
const wholeNumber = (cents: number) => String(Math.round(cents / 100));

export default function EarningsChart({ months }: { months: MonthRow[] }) {
  const data = months.map((row) => ({ month: formatShortMonth(row.month), earningsCents: row.earningsCents }));
  return (
    <Box role="img" aria-label={chartSummary(months)} style={{ width: "100%", height: HEIGHT }}>
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--gray-a5)" />
          <XAxis dataKey="month" tickLine={false} axisLine={false} tick={{ fill: "var(--gray-11)", fontSize: 12 }} />
          <YAxis
            tickFormatter={wholeEuro}
            tickLine={false}
            axisLine={false}
            width={64}
            allowDecimals={false}
            tick={{ fill: "var(--gray-11)", fontSize: 12 }}
          />
          <Bar dataKey="earningsCents" fill="var(--accent-9)" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            <LabelList dataKey="earningsCents" position="top" formatter={(value) => wholeNumber(Number(value))} fill="var(--gray-12)" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
