// What a request costs (issue 31): CPU per request of the shop and of PostgreSQL, read from /proc,
// and latency at a fixed offered rate.
//
// The budgets are work, not queueing. CPU is the shop's process (every thread, so the embedded
// database inside it too) and every process named `postgres` on this machine, from utime + stime in
// /proc/PID/stat before and after a run, divided by the requests served. Latency is measured in an
// open model: requests leave on a fixed schedule whether or not earlier ones have answered (over a
// few kept-alive connections; a request waiting for a free connection is waiting for the shop), and
// each one's latency counts from its scheduled time, so a slow reply delays the ones behind it in
// the figures as it would for people. Throughput at saturation (closed model, as many requests as
// the connections can carry) is reported as information only: on two cores shared with the load
// generator it measures the machine as much as the shop.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { load } from './api.mjs';
import { sleep } from './lib.mjs';

/** Milliseconds of one clock tick of /proc/PID/stat (10 ms where CLK_TCK is 100). */
const TICK_MS = 1000 / (Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100);

/** utime + stime of a process in ticks, or undefined once it has gone. */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The pids of every PostgreSQL process on this machine (the postmaster and its backends). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(entry);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * A CPU meter for the shop's process and PostgreSQL's: `stop()` answers the milliseconds each spent
 * since `cpuMeter` was called. A backend that starts meanwhile counts from zero; one that ends
 * meanwhile loses its share (the shop keeps its pool's connections, so that is rare).
 */
export function cpuMeter(shopPid, { postgres }) {
  const shopStart = ticksOf(shopPid) ?? 0;
  const pgStart = new Map(postgres ? postgresPids().map((pid) => [pid, ticksOf(pid) ?? 0]) : []);
  return {
    stop() {
      const shop = ((ticksOf(shopPid) ?? shopStart) - shopStart) * TICK_MS;
      let pg = 0;
      if (postgres)
        for (const pid of postgresPids()) {
          const now = ticksOf(pid);
          if (now !== undefined) pg += (now - (pgStart.get(pid) ?? 0)) * TICK_MS;
        }
      return { shopMs: shop, postgresMs: pg };
    },
  };
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** One HTTP request on `agent`; resolves with its status (0 on a network error or a timeout). */
function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((done) => {
    const request = http.request(url, { agent, method, headers }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
      response.on('error', () => done(0));
    });
    request.setTimeout(10_000, () => request.destroy());
    request.on('error', () => done(0));
    request.end(body);
  });
}

/**
 * Sends `work(n, send)` on schedule, `rate` times a second for `seconds`, over at most
 * `connections` kept-alive connections; `work` makes one unit (one request, or several in a row)
 * and resolves with the status of its last request. Answers each unit's latency from its scheduled
 * time and the statuses seen.
 */
async function onSchedule({ url, rate, seconds, connections, first, work }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const count = Math.round(rate * seconds);
  const latencies = [];
  const statuses = {};
  const request = (path, options) => send(agent, url + path, options);
  const startsAt = performance.now() + 20;
  const units = [];
  for (let i = 0; i < count; i++) {
    const scheduled = startsAt + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    units.push(
      work(first + i, request).then((status) => {
        latencies.push(performance.now() - scheduled);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(units);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    units: count,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses,
  };
}

/**
 * CPU a second the shop and PostgreSQL spend with no request at all (the queue's poll, timers,
 * PostgreSQL's own processes), over `seconds`: what `measureWork` takes off before dividing.
 */
export async function idleCpu(shop, { postgres, seconds = 4 }) {
  const meter = cpuMeter(shop.child.pid, { postgres });
  const started = performance.now();
  await sleep(seconds * 1000);
  const cpu = meter.stop();
  const elapsed = (performance.now() - started) / 1000;
  return { shopMsPerS: cpu.shopMs / elapsed, postgresMsPerS: cpu.postgresMs / elapsed };
}

/**
 * One call's cost: a warm-up second at the offered rate (not counted), then `seconds` measured
 * (CPU and latency), then 2 s of as many as `connections` carry (information). With `idle`
 * (`idleCpu`'s figures), what the shop and PostgreSQL spend with no request is taken off the CPU
 * before it is divided by the requests.
 * `work(n, request)` makes the n-th unit, never repeating an earlier n; `perUnit` is how many
 * requests one unit sends (for the saturation figure in requests a second).
 */
export async function measureWork({
  shop,
  postgres,
  rate,
  seconds = 8,
  connections = 8,
  work,
  saturation,
  idle = { shopMsPerS: 0, postgresMsPerS: 0 },
}) {
  let next = 0;
  const run = async (secondsOf) => {
    const first = next;
    next += Math.round(rate * secondsOf);
    return onSchedule({ url: shop.url, rate, seconds: secondsOf, connections, first, work });
  };
  await run(1);
  const meter = cpuMeter(shop.child.pid, { postgres });
  const started = performance.now();
  const measured = await run(seconds);
  const cpu = meter.stop();
  const elapsed = (performance.now() - started) / 1000;
  const shopMs = Math.max(0, cpu.shopMs - idle.shopMsPerS * elapsed) / measured.units;
  const postgresMs = Math.max(0, cpu.postgresMs - idle.postgresMsPerS * elapsed) / measured.units;
  const result = {
    units: measured.units,
    shopMs,
    postgresMs,
    cpuMs: shopMs + postgresMs,
    p50: measured.p50,
    p99: measured.p99,
    statuses: measured.statuses,
  };
  if (saturation) {
    const closed = await load({
      url: shop.url,
      connections,
      duration: 2,
      requests: [saturation(() => next++)],
    });
    result.saturationRps = closed.requests.total / closed.duration;
  }
  return result;
}

/**
 * What a request costs the bare server (`bare-server.mjs`, the shop's own bytes from memory) at
 * the same offered rate, in ms of its CPU: the floor of this machine, the reading of a request and
 * the writing of its reply and the wake-ups between them, under which no server's figure can go.
 * On a VM where every wake-up is dear it is a large part of a request at a modest rate (issue 31:
 * 0.7–1.0 ms here at 24–40 a second), so each call's figure is printed beside it too.
 */
export async function bareFloor(bare, { rate, connections, path, seconds = 8 }) {
  const result = await measureWork({
    shop: bare,
    postgres: false,
    rate,
    connections,
    seconds,
    work: (_n, request) => request(path),
  });
  return result.shopMs;
}

/** The share of replies that were not 2xx, as "3× 404, 1× 0". */
export function badReplies(statuses) {
  return Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
}
