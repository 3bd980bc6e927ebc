// A TCP proxy between the shop and a service it depends on, for the fault tests (issue 34 #6), in
// the spirit of Toxiproxy: it passes bytes both ways, or hangs (connections are accepted and kept,
// nothing goes through either way), or refuses (every connection is closed at once).
import net from 'node:net';

export type FaultMode = 'pass' | 'hang' | 'refuse';

export type FaultProxy = {
  port: number;
  /** Changes what the proxy does, to the connections it holds and to new ones. */
  set(mode: FaultMode): void;
  close(): Promise<void>;
};

export async function faultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const connect = (pair: { client: net.Socket; upstream: net.Socket }) => {
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  const hang = (pair: { client: net.Socket; upstream: net.Socket }) => {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    // What the client sends is read and dropped: it waits for answers that never come.
    pair.client.on('data', () => {});
  };

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (mode === 'pass') connect(pair);
    else hang(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  return {
    port: address.port,
    set(next) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'refuse') {
          pair.client.destroy();
          pair.upstream.destroy();
        } else if (next === 'hang') hang(pair);
        else {
          pair.client.removeAllListeners('data');
          connect(pair);
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fault proxy in front of the PostgreSQL server of `url`, and the same connection string
 * through it.
 */
export async function postgresFaultProxy(url: string): Promise<{ proxy: FaultProxy; url: string }> {
  const base = new URL(url);
  const proxy = await faultProxy({ host: base.hostname, port: Number(base.port || 5432) });
  const through = new URL(base);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  return { proxy, url: through.toString() };
}
