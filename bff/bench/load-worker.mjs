// The load generator, in a process of its own (bench/load.ts starts it): it never shares the studio's
// event loop, so what it measures is the server's latency, not its own scheduling.
//
// Requests leave at an even pace, one every 1/rate s, as many independent clients polling at their
// own phase do (1,000 owners each polling every 3 s). autocannon's rate limit was used before: each of
// its connections sends its per-second quota back to back at the top of every second, so "333 a
// second" arrived as one burst of 333 requests and the figure measured the burst, not the poll.
//
// Latency is counted from the moment a request was due, not from when a socket was free: a server
// that falls behind shows it in the figure (no coordinated omission). The first `warmupS` seconds of
// the same load (the database pool fills, the code warms) are reported apart as `warmupP99`.
import http from 'node:http';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, requests, rate, durationS, warmupS = 0, connections } = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const warmup = Math.round(rate * warmupS);
const total = warmup + Math.round(rate * durationS);
const latencies = [];
const warmupLatencies = [];
/** The slowest request of each measured second (by when it was due): a pause shows as one slow second. */
const perSecond = [];
let errors = 0;
let non2xx = 0;

const send = (one, due, counted) =>
  new Promise((resolve) => {
    const request = http.get(new URL(one.path, url), { agent, headers: one.headers }, (response) => {
      response.resume();
      response.once('end', () => {
        if (!counted) {
          warmupLatencies.push(performance.now() - due);
          return resolve();
        }
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
        const latency = performance.now() - due;
        latencies.push(latency);
        const second = Math.floor((due - measured) / 1000);
        perSecond[second] = Math.max(perSecond[second] ?? 0, latency);
        resolve();
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.once('error', () => {
      if (counted) errors++;
      resolve();
    });
  });

const started = performance.now();
let measured = started;
const inFlight = [];
for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  if (i === warmup) measured = due;
  inFlight.push(send(requests[i % requests.length], due, i >= warmup));
}
await Promise.all(inFlight);
const elapsedS = (performance.now() - measured) / 1000;
agent.destroy();

const worst = perSecond.reduce((w, ms, second) => (ms > w.ms ? { second, ms } : w), { second: 0, ms: 0 });
const quantile = (values, q) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const at = (q) => quantile(latencies, q);
process.stdout.write(
  JSON.stringify({
    requests: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    warmupP99: quantile(warmupLatencies, 0.99),
    worstSecond: worst.second,
    worstSecondMax: worst.ms,
    errors,
    non2xx,
  }),
);
