import { describe, expect, it } from 'vitest';
import { type CsvRecord, csvLine, readCsv } from './csv.service.ts';

async function* inPieces(text: string, size: number) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}
async function read(text: string, size = text.length || 1): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of readCsv(inPieces(text, size))) records.push(record);
  return records;
}

describe('the CSV reader', () => {
  const file =
    '\uFEFFpartNumber,name,description\r\n' +
    'A-1,"Pads, front","Says ""hi""\r\non two lines"\r\n' +
    '\n' +
    'B-2,,plain\n' +
    'C-3,"",last';
  const expected: CsvRecord[] = [
    { line: 1, cells: ['partNumber', 'name', 'description'] },
    { line: 2, cells: ['A-1', 'Pads, front', 'Says "hi"\r\non two lines'] },
    { line: 5, cells: ['B-2', '', 'plain'] },
    { line: 6, cells: ['C-3', '', 'last'] },
  ];

  it('reads quoted cells, doubled quotes, line breaks in cells and numbers lines from 1', async () => {
    expect(await read(file)).toEqual(expected);
  });

  it('reads the same records whatever the chunks are cut at', async () => {
    for (const size of [1, 2, 3, 5, 7, 11]) expect(await read(file, size)).toEqual(expected);
  });

  it('says what is wrong with a malformed record and goes on with the next', async () => {
    expect(await read('a,"b"c,d\ne,f\ng,"never closed\n')).toEqual([
      { line: 1, error: expect.stringContaining('after a closing quote') },
      { line: 2, cells: ['e', 'f'] },
      { line: 3, error: 'A quoted cell is never closed' },
    ]);
  });

  it('writes what it reads back', async () => {
    const cells = ['plain', 'a, comma', 'a "quote"', 'two\nlines', ''];
    expect(csvLine(cells)).toBe('plain,"a, comma","a ""quote""","two\nlines",\r\n');
    expect(await read(csvLine(cells), 3)).toEqual([{ line: 1, cells }]);
  });
});
