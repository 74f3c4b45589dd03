// Preloaded into the server by load-check.ts (`node --import tsx --import ./loop-delay.mjs`): the
// main thread's event loop delay, printed on exit, to tell a blocked event loop from a busy machine.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.once('exit', () => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(
    `server event loop delay: p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms\n`,
  );
});
