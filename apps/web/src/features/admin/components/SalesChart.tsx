import type { SalesReport } from '@axle/contract';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { salesText as text } from '../sales-strings.ts';

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The revenue of each period as bars (Recharts, issue 33 #1): a chunk of its own, loaded by the
 * sales overview only. Its colours are the theme's (daisyUI's CSS variables), so it reads in both
 * themes. Named by `title` and described by `summary` (what a sighted reader takes from it at a
 * glance); its keyboard layer (Recharts' accessibility layer) steps through the bars with the
 * arrow keys, each bar's period and revenue in the tooltip. The page's table gives every figure.
 */
export default function SalesChart({
  report,
  title,
  summary,
}: {
  report: SalesReport;
  title: string;
  summary: string;
}) {
  const data = report.series.map((point) => ({
    ...point,
    label: text.tick(point.start, report.interval),
  }));
  return (
    <div className="h-64 w-full sm:h-80">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          title={title}
          desc={summary}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke="var(--color-base-content)" strokeOpacity={0.15} />
          <XAxis
            dataKey="label"
            tick={{ fill: 'var(--color-base-content)', fontSize: 12 }}
            stroke="var(--color-base-content)"
            strokeOpacity={0.4}
            minTickGap={12}
          />
          <YAxis
            width={56}
            tickFormatter={(value: number) => compact.format(value)}
            tick={{ fill: 'var(--color-base-content)', fontSize: 12 }}
            stroke="var(--color-base-content)"
            strokeOpacity={0.4}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-base-content)', fillOpacity: 0.08 }}
            contentStyle={{
              background: 'var(--color-base-100)',
              color: 'var(--color-base-content)',
              border: '1px solid var(--color-base-300)',
              borderRadius: '0.5rem',
            }}
            labelFormatter={(_label, payload) => {
              const start = payload?.[0]?.payload?.start as string | undefined;
              return start ? text.dayText(start) : '';
            }}
            formatter={(value) => [text.money(Number(value)), text.revenue]}
          />
          <Bar
            dataKey="revenue"
            name={text.revenue}
            fill="var(--color-primary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
