// The load generator of `npm run bench -- public`, run as its own process (bench/public-pages.mjs
// pins it to a core of its own, away from the server it measures): autocannon against one URL,
// first a warm-up whose figures are dropped, then the measured run. It reports on stdout in
// JSON lines: { bench: 'measuring' } as the measured run starts (the parent starts its CPU
// window there), then { bench: 'result', … } with the measured figures.
//
// Argument (one JSON string): { url, connections, seconds, warmupSeconds, headers }.
import autocannon from 'autocannon';
import { report } from './processes.mjs';

const { url, connections, seconds, warmupSeconds = 0, headers = {} } = JSON.parse(process.argv[2] ?? '{}');

/** One autocannon run of `duration` seconds; resolves with its result and wall time in seconds. */
function cannon(duration) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve({ result, wall: (performance.now() - started) / 1000 }),
    );
  });
}

// Stopped by the parent (an error elsewhere, an interruption): its sockets close with it.
process.once('SIGTERM', () => process.exit(1));

if (warmupSeconds > 0) await cannon(warmupSeconds);
report('measuring');
const { result, wall } = await cannon(seconds);
report('result', {
  requests: result.requests.total,
  seconds: wall,
  requestsPerSecond: result.requests.total / wall,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
});
