/** How long a log line may wait to be written with the ones after it. */
const FLUSH_EVERY_MS = 10;
/** The size of one batch; a batch that would grow past it is written first. */
const BATCH_BYTES = 256 * 1024;

type Output = { write(chunk: Buffer): unknown };

/**
 * pino's destination in production (`createLogger`): stdout, with the lines of up to
 * FLUSH_EVERY_MS written together. Writing to stdout is a system call each time (synchronous on
 * Linux for files, pipes and terminals), and one per line cost more than a third of a cached
 * read. pino's own destination batches too (sonic-boom's `minLength`, or its asynchronous mode),
 * but measured 3–4 µs of CPU more per cached read, which put the reads below their budget
 * (ADR 011): it measures the whole pending chunk again for every line appended, and its
 * asynchronous writes go through libuv's thread pool. Here each line is encoded once, straight
 * into the batch's buffer, and a short timer writes the batch (a pending setImmediate would keep
 * the loop from waiting for I/O, so under load it turned more often, with smaller batches).
 * Whatever is pending is written before the process exits.
 */
export function batchedStdout(output: Output = process.stdout): {
  write(line: string): void;
  flush(): void;
} {
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (used === 0) return;
    // The written part is handed over as it is; the next lines go to a new buffer.
    output.write(batch.subarray(0, used));
    batch = Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
  };
  process.on('exit', flush);
  return {
    write(line) {
      // A character takes at most 3 bytes in UTF-8 (a surrogate pair 4 bytes for 2 characters).
      if (used + line.length * 3 > BATCH_BYTES) {
        flush();
        if (line.length * 3 > BATCH_BYTES) {
          output.write(Buffer.from(line));
          return;
        }
      }
      used += batch.write(line, used);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, FLUSH_EVERY_MS).unref();
      }
    },
    flush,
  };
}
