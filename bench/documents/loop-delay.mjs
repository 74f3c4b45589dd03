// Preloaded into the server by load-check.ts (`node --import ./loop-delay.mjs dist/server.js`):
// the main thread's event loop delay while it serves, printed on exit, to tell a blocked event
// loop from a busy machine. Counted from the first request on, so start-up's module loading is not.
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
let serving = false;
subscribe('http.server.request.start', () => {
  if (serving) return;
  serving = true;
  histogram.enable();
});
process.once('exit', () => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(
    `server event loop delay: p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms\n`,
  );
});
