// Holds the event streams of many job owners open from a process of its own (bench/events.bench.ts
// starts it with an IPC channel), so the studio's event loop serves them and nothing else.
// Receives { url, streams: [{ path, cookie, jobId }] }; sends { ready, failed } once every stream has
// had its first `job` event (or failed), then { jobId, at } for each later `job` event, `at` in
// epoch milliseconds. Receives 'close' to end.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const requests = [];

process.once('message', ({ url, streams }) => {
  let ready = 0;
  let failed = 0;
  const settled = () => {
    if (ready + failed === streams.length) process.send({ ready, failed });
  };
  for (const { path, cookie, jobId } of streams) {
    const request = http.get(new URL(path, url), { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        failed++;
        response.resume();
        return settled();
      }
      response.setEncoding('utf8');
      let buffered = '';
      let events = 0;
      response.on('data', (chunk) => {
        const at = now();
        buffered += chunk;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!block.startsWith('event: job')) continue;
          if (events++ === 0) {
            ready++;
            settled();
          } else process.send({ jobId, at });
        }
      });
    });
    request.once('error', () => {
      failed++;
      settled();
    });
    requests.push(request);
  }
});

process.on('message', (message) => {
  if (message !== 'close') return;
  for (const request of requests) request.destroy();
  process.disconnect();
});
