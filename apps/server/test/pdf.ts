// Reading what a PDF the shop made shows (invoices), for tests.
import { inflateSync } from 'node:zlib';

/** The text a PDF shows: each text operation's strings (its content streams inflated), a line each. */
export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...(op[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines;
}
