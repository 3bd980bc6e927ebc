import autocannon from 'autocannon';
let n = 0;
const [url, kind] = process.argv.slice(2);
const paths = {
  reviews: (n) => { const limit = 10 + (n % 91); return `/api/reviews?limit=${limit}&page=${1 + (Math.floor(n / 91) % Math.floor(10000 / limit))}`; },
  parts: (n) => { const limit = 10 + (n % 91); return `/api/items?limit=${limit}&page=${1 + (Math.floor(n / 91) % Math.floor(10000 / limit))}`; },
};
const r = await autocannon({ url, connections: 20, duration: 4, requests: [{ method: 'GET', setupRequest(req) { req.path = paths[kind](n++); return req; } }] });
console.log(kind, Math.round(r.requests.average), 'req/s p50', r.latency.p50, 'p90', r.latency.p90, 'p99', r.latency.p99, 'max', r.latency.max);
