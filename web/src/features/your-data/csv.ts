// RFC 4180 text: fields separated by commas, records by CRLF, a field with a
// comma, quote, CR or LF in double quotes with quotes doubled.

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRecord(fields: string[]): string {
  return fields.map(csvField).join(',');
}

export interface CsvRecord {
  /** The line of the file the record starts on, counting from 1. */
  line: number;
  fields: string[];
}

export interface CsvParseResult {
  records: CsvRecord[];
  /** A quoted field still open at the end of the file: the line it started on. */
  unclosedQuoteLine?: number;
}

/**
 * Reads every record, tolerating what real files contain: a byte-order mark,
 * CRLF, LF or CR line ends, new lines inside quoted fields, a missing final
 * line end. Records with only one empty field (blank lines) are left out.
 */
export function parseCsv(text: string): CsvParseResult {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (i < input.length) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && input[i + 1] !== '\n')) line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) return { records, unclosedQuoteLine: quoteLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { records };
}
