/** A file that is not well-formed CSV: the batch cannot be read. */
export class CsvError extends Error {}

/** Bounds on what a batch file may hold. */
const CSV_LIMITS = { columns: 64, fieldChars: 1024, rows: 100_000 } as const;

/**
 * RFC 4180 records: comma-separated fields, double-quoted where they hold commas, quotes or line
 * breaks ("" is a quote inside one), records ending in CRLF or LF. A byte-order mark is dropped;
 * blank lines are skipped; a trailing line break ends the file.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    if (field.length > CSV_LIMITS.fieldChars)
      throw new CsvError(`line ${rows.length + 1}: a field is longer than ${CSV_LIMITS.fieldChars} characters`);
    row.push(field);
    field = '';
    if (row.length > CSV_LIMITS.columns)
      throw new CsvError(`line ${rows.length + 1}: more than ${CSV_LIMITS.columns} columns`);
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    if (rows.length > CSV_LIMITS.rows + 1) throw new CsvError(`more than ${CSV_LIMITS.rows} records`);
    row = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
          throw new CsvError(`line ${rows.length + 1}: text after a closing quote`);
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvError(`line ${rows.length + 1}: a quote inside an unquoted field`);
      quoted = true;
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (quoted) throw new CsvError(`line ${rows.length + 1}: a quoted field is not closed`);
  if (field !== '' || row.length) endRow();
  return rows;
}
