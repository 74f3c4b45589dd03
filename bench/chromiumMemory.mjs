// Chromium's memory as the machine sees it, for benchmarks that drive it: the browser is found by
// a switch it was launched with (Chromium ignores unknown switches), then its whole process tree
// (browser, renderers, GPU, utilities) is summed from /proc. Linux only, as the benches are.
import { readdirSync, readFileSync } from 'node:fs';

const pids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** A switch to launch Chromium with, so `chromiumMemory` finds this browser among the machine's others. */
export const chromiumMarker = (name) => `--bench-${name}-${process.pid}`;

/** The resident memory (bytes) of the Chromium launched with `marker`, whenever asked. */
export function chromiumMemory(marker) {
  const browserPid = pids().find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(marker);
    } catch {
      return false;
    }
  });
  if (!browserPid) throw new Error('Could not find the Chromium process to measure');
  return function rss() {
    const children = new Map();
    for (const pid of pids()) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(pid);
      } catch {}
    }
    let total = 0;
    const stack = [browserPid];
    while (stack.length > 0) {
      const pid = stack.pop();
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        total += rss ? Number(rss[1]) * 1024 : 0;
      } catch {}
      stack.push(...(children.get(pid) ?? []));
    }
    return total;
  };
}
