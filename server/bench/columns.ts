/** One column of a printed table: its heading, its width, and what a row shows in it. */
export interface Column<Row> {
  heading: string;
  width: number;
  cell: (row: Row) => string;
  /** Names read best from the left; numbers line up on the right. */
  alignLeft?: boolean;
}

/** The title and headings, a rule under them, then one line a row; each cell padded to its column. */
export function printColumns<Row>(title: string, columns: Column<Row>[], rows: Row[]): void {
  const line = (text: (column: Column<Row>) => string) =>
    columns
      .map((column) =>
        column.alignLeft ? text(column).padEnd(column.width) : text(column).padStart(column.width),
      )
      .join(' ');
  const head = line((column) => column.heading);
  console.log(`\n${title ? `${title}\n` : ''}${head}\n${'-'.repeat(head.length)}`);
  for (const row of rows) console.log(line((column) => column.cell(row)));
}
