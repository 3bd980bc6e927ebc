import { describe, expect, it } from 'vitest';
import { batchedStdout } from './log-stream.ts';

// The production log's output: lines are written together, in order and whole, a few
// milliseconds after the first of them, or sooner when a batch is full.
function collected() {
  const chunks: Buffer[] = [];
  const stream = batchedStdout({ write: (chunk: Buffer) => chunks.push(Buffer.from(chunk)) });
  return { stream, chunks, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('the batched log output', () => {
  it('writes the lines of a few milliseconds in one write, in order, whatever their characters', async () => {
    const { stream, chunks, text } = collected();
    const lines = ['{"msg":"one"}\n', '{"msg":"Ünïcödé – 日本 🚗"}\n', '{"msg":"three"}\n'];
    for (const line of lines) stream.write(line);
    expect(chunks).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(chunks).toHaveLength(1);
    expect(text()).toBe(lines.join(''));

    stream.write('{"msg":"four"}\n');
    stream.flush();
    expect(text()).toBe(`${lines.join('')}{"msg":"four"}\n`);
  });

  it('writes a full batch first, and a line larger than a batch on its own, keeping the order', () => {
    const { stream, chunks, text } = collected();
    const line = `{"msg":"${'x'.repeat(1000)}"}\n`;
    const many = Array.from({ length: 300 }, () => line);
    for (const each of many) stream.write(each);
    expect(chunks.length).toBeGreaterThan(0);
    const huge = `{"msg":"${'é'.repeat(200_000)}"}\n`;
    stream.write(huge);
    stream.write('{"msg":"after"}\n');
    stream.flush();
    expect(text()).toBe(`${many.join('')}${huge}{"msg":"after"}\n`);
  });
});
