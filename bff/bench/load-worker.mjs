// autocannon in a process of its own (bench/load.ts starts it): the load generator never shares the
// studio's event loop, so what it measures is the server's latency, not its own scheduling.
import autocannon from 'autocannon';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { url, requests, rate, durationS, connections } = JSON.parse(Buffer.concat(chunks).toString('utf8'));

let next = 0;
const result = await autocannon({
  url,
  connections,
  overallRate: rate,
  duration: durationS,
  requests: [
    {
      // Each request is the next owner's poll: its path and its session cookie.
      setupRequest(request) {
        const one = requests[next++ % requests.length];
        return { ...request, method: 'GET', path: one.path, headers: { ...request.headers, ...one.headers } };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
