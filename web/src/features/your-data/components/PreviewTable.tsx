import type { ReactNode } from 'react';

/**
 * A small table of what an import would bring in, under its caption: the
 * column headers in a row, the rows as given. The last column gets no right
 * padding, as it ends the line.
 */
export function PreviewTable({
  caption,
  columns,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-medium">{caption}</caption>
      <thead>
        <tr className="text-slate-600 dark:text-slate-300">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={index < columns.length - 1 ? 'py-1 pr-2 font-medium' : 'py-1 font-medium'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
