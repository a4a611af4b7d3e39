// A small bar chart drawn as SVG on the server: no chart library, no script. The picture has a
// text summary for screen readers; its numbers are in a table under it, one click away.
import { Table, Td, Th } from "../ui/table";

export type Bar = { label: string; value: number; display: string };

const WIDTH = 300;
const HEIGHT = 100;

export function BarChart(props: {
  id: string;
  title: string;
  summary: string;
  /** Under the summary: what it counts. */
  detail: string;
  bars: Bar[];
  /** The top of the scale when it is fixed (a rate: 1); otherwise the largest bar. */
  top?: number;
  /** Under the picture: the first day, the top of the scale, the last day. */
  scale: { first: string; max: string; last: string };
  table: { label: string; columns: string[]; rows: string[][] };
}) {
  const max = props.top ?? Math.max(...props.bars.map((bar) => bar.value), 0);
  const slot = WIDTH / Math.max(props.bars.length, 1);
  return (
    <figure className="min-w-0" data-testid={props.id}>
      <figcaption id={`${props.id}-title`} className="font-semibold">
        {props.title}
      </figcaption>
      <p id={`${props.id}-summary`} className="mb-2">
        <span className="block text-2xl font-bold tabular-nums">{props.summary}</span>
        <span className="text-sm text-stone-700">{props.detail}</span>
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-28 w-full text-brand-700"
        role="img"
        aria-labelledby={`${props.id}-title ${props.id}-summary`}
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-stone-400" strokeWidth={1} />
        {props.bars.map((bar, i) => {
          // A day with anything at all stays visible beside the busiest.
          const height = max > 0 && bar.value > 0 ? Math.max((bar.value / max) * (HEIGHT - 2), 2) : 0;
          return (
            <rect
              key={bar.label}
              x={i * slot + slot * 0.15}
              y={HEIGHT - 1 - height}
              width={slot * 0.7}
              height={height}
              className="fill-current"
            >
              <title>{`${bar.label}: ${bar.display}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between gap-2 text-sm text-stone-700" aria-hidden="true">
        <span>{props.scale.first}</span>
        <span>{props.scale.max}</span>
        <span>{props.scale.last}</span>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">{props.table.label}</summary>
        <div className="mt-2">
          <Table caption={props.title}>
            <thead>
              <tr>
                {props.table.columns.map((column) => (
                  <Th key={column}>{column}</Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.table.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, i) => (
                    <Td
                      key={i}
                      label={props.table.columns[i]}
                      className={i > 0 ? "text-right tabular-nums" : "whitespace-nowrap"}
                    >
                      {cell}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
