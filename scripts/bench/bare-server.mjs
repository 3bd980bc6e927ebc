// The baseline of `npm run bench`: a bare node:http server that answers the shop's own replies
// from memory, byte for byte. It does what no framework can beat on this machine, so the shop's
// throughput is reported as a fraction of it.
//
//   node scripts/bench/bare-server.mjs <replies.json>   (prints the port it listens on)
//
// replies.json holds each reply as the bench captured it once from the shop, with the request
// headers autocannon sends: { "/api/items": { "status": 200, "headers": [["content-type", "…"],
// …], "body": "<base64>" }, … }. The status, every header in the shop's order and spelling
// (security headers, ETag, Cache-Control, Vary, X-Total-Count, Content-Length, …) and the body are
// sent again as they are, so both servers put the same bytes on the wire. The capture leaves out
// what Node's http server writes on every reply by itself (Date, Connection, Keep-Alive,
// Transfer-Encoding): it writes them here too, as it does for the shop.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const replies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'))).map(([path, reply]) => [
    path,
    {
      status: reply.status,
      // writeHead takes names and values in one flat list and writes them in that order.
      headers: reply.headers.flat(),
      body: Buffer.from(reply.body, 'base64'),
    },
  ]),
);

const server = createServer((request, response) => {
  const reply = replies.get(request.url ?? '');
  if (!reply) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
