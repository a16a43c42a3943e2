import type { ReactNode } from 'react';

/** One column of a chart's table: its heading and what each row shows in it. */
export interface ChartColumn<Row> {
  heading: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures line up by their digits. */
  numeric?: boolean;
}

interface Props<Row> {
  /** The disclosure's label, e.g. 'The map as a table'. */
  summary: string;
  /** Read by screen readers only: what the table lists. */
  caption?: string;
  /** The first column names the row (a row header); the others are its figures. */
  columns: readonly [ChartColumn<Row>, ...ChartColumn<Row>[]];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
}

/**
 * What a chart shows, as a table behind a disclosure: the one table view of
 * the Insights charts, so that a screen reader, a keyboard and a reader who
 * wants the figures get the same as the picture (docs/decisions/018).
 */
export function ChartTable<Row>({
  summary,
  caption,
  columns,
  rows,
  rowKey,
  className,
}: Props<Row>) {
  const [first, ...rest] = columns;
  return (
    <details className={`text-sm ${className ?? ''}`}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <table className="mt-2 w-full text-left">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="text-slate-600 dark:text-slate-300">
            {columns.map((column, index) => (
              <th key={index} scope="col" className="py-1 font-medium">
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1 font-normal">
                {first.cell(row)}
              </th>
              {rest.map((column, index) => (
                <td key={index} className={column.numeric ? 'py-1 tabular-nums' : 'py-1'}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
