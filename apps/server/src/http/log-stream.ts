/**
 * Where the log goes in production: stdout, with the lines of one turn of the event loop written
 * together. Writing to stdout is a system call each time (synchronous on Linux for files, pipes
 * and terminals), and one per request cost more than serving a cached reply; under load a turn
 * handles many requests, so their lines now share one write. A line waits at most until the turn
 * ends, and whatever is pending is written before the process exits.
 */
export function batchedStdout(): { write(line: string): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    process.stdout.write(chunk);
  };
  process.on('exit', flush);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}
