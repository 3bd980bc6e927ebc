// CSV as RFC 4180 writes it (comma-separated, a cell with a comma, a quote or a line break in
// double quotes, a quote doubled inside), read a chunk at a time so that a file of any size is
// never held whole. No CSV package is installed and the shop adds none for ~150 lines
// (docs/decisions/014-own-csv-reader.md).

import { Invalid } from '../../domain/errors.ts';

/** One record of a file: the line it starts on (the header is line 1) and its cells. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; error: string };

/** The longest record the reader holds (a cell that never ends is refused, not buffered). */
export const CSV_RECORD_MAX_CHARS = 1_000_000;

/**
 * The records of a text that arrives in chunks (any split, even inside a cell or between CR and
 * LF). Lines end with LF or CRLF; a byte-order mark at the start is dropped; blank lines are
 * skipped. A record with a quote that is never closed, or text after a closing quote, is an
 * `error` record; reading goes on with the next line.
 */
export async function* readCsv(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false; // inside a quoted cell
  let afterQuote = false; // a quoted cell just closed: only a comma or a line end may follow
  let error: string | undefined;
  let line = 1; // the line being read
  let recordLine = 1; // the line the current record started on
  let recordChars = 0;
  let pendingQuote = false; // a quote at a chunk's end inside a quoted cell: closing or doubled?
  let pendingCr = false;
  let first = true;

  const endRecord = (): CsvRecord | undefined => {
    cells.push(cell);
    const blank = cells.length === 1 && cells[0] === '' && !error;
    const record: CsvRecord | undefined = blank
      ? undefined
      : error
        ? { line: recordLine, error }
        : { line: recordLine, cells };
    cells = [];
    cell = '';
    afterQuote = false;
    error = undefined;
    recordChars = 0;
    recordLine = line;
    return record;
  };

  for await (let text of chunks) {
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    let i = 0;
    if (pendingCr) {
      pendingCr = false;
      if (text[0] === '\n') i = 1;
    }
    const n = text.length;
    while (i < n) {
      if (quoted) {
        if (pendingQuote) {
          pendingQuote = false;
          if (text[i] === '"') {
            cell += '"';
            i++;
            continue;
          }
          quoted = false;
          afterQuote = true;
          continue;
        }
        const end = text.indexOf('"', i);
        const upTo = end === -1 ? n : end;
        const piece = text.slice(i, upTo);
        cell += piece;
        recordChars += piece.length;
        for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) line++;
        if (end === -1) {
          i = n;
        } else if (end + 1 < n) {
          if (text[end + 1] === '"') {
            cell += '"';
            i = end + 2;
          } else {
            quoted = false;
            afterQuote = true;
            i = end + 1;
          }
        } else {
          pendingQuote = true;
          i = n;
        }
      } else {
        const ch = text[i];
        if (ch === ',') {
          cells.push(cell);
          cell = '';
          afterQuote = false;
          i++;
        } else if (ch === '\n' || ch === '\r') {
          line++;
          const record = endRecord();
          if (ch === '\r') {
            if (i + 1 < n) {
              if (text[i + 1] === '\n') i++;
            } else pendingCr = true;
          }
          i++;
          if (record) yield record;
        } else if (ch === '"' && cell === '' && !afterQuote) {
          quoted = true;
          i++;
        } else {
          // Plain text up to the next comma or line end, taken at once.
          let end = i;
          while (end < n) {
            const c = text.charCodeAt(end);
            if (c === 44 || c === 10 || c === 13) break;
            end++;
          }
          if (afterQuote && !error)
            error = 'Text after a closing quote (write a quote inside a quoted cell as "")';
          cell += text.slice(i, end);
          recordChars += end - i;
          i = end;
        }
      }
      if (recordChars > CSV_RECORD_MAX_CHARS)
        throw new Invalid(
          `Line ${recordLine}: a record longer than ${CSV_RECORD_MAX_CHARS} characters (is a quote never closed?)`,
        );
    }
  }
  if (pendingQuote) {
    quoted = false;
    afterQuote = true;
  }
  if (quoted) error = 'A quoted cell is never closed';
  const record = endRecord();
  if (record) yield record;
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record, ended with CRLF as RFC 4180 says. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
