// The baseline of `npm run bench`: a bare node:http server that answers the shop's own replies
// (same body, same content type) from memory. It does what no framework can beat on this
// machine, so the shop's throughput is reported as a fraction of it.
//
//   node scripts/bench/bare-server.mjs <replies.json>   (prints the port it listens on)
//
// replies.json: { "/api/items": { "type": "application/json; charset=utf-8", "body": "<base64>" }, … }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const replies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'))).map(([path, reply]) => [
    path,
    { type: reply.type, body: Buffer.from(reply.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const reply = replies.get(request.url ?? '');
  if (!reply) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': reply.type, 'content-length': reply.body.length });
  response.end(reply.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
