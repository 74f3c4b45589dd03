/** A decoded frame as showinfo reports it: its index among the frames showinfo saw, and its time. */
export type FrameInfo = { n: number; seconds: number };

const SHOWINFO = /\bn:\s*(\d+)\s+pts:\s*(-?\d+)\s+pts_time:\s*(-?[\d.]+(?:e[-+]?\d+)?)/;
const TIME_BASE = /config in time_base:\s*(\d+)\/(\d+)/;

/**
 * showinfo's lines, read from ffmpeg's standard error as they come, handed out one per frame in
 * order. A frame's line is logged before the frame is encoded, but the two pipes are read apart:
 * `next()` waits for the line when the frame's bytes came first, and gives undefined once ffmpeg
 * has ended without one.
 */
export function createFrameInfoQueue() {
  const ready: FrameInfo[] = [];
  const waiting: Array<(info: FrameInfo | undefined) => void> = [];
  let partial = '';
  let ended = false;
  // pts_time has 6 significant digits (14400.033 s prints as 14400): the pts in the time base is exact.
  let timeBase: number | undefined;
  const deliver = (info: FrameInfo) => {
    const waiter = waiting.shift();
    if (waiter) waiter(info);
    else ready.push(info);
  };
  return {
    push(text: string) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const base = TIME_BASE.exec(line);
        if (base && Number(base[1]) > 0 && Number(base[2]) > 0) timeBase = Number(base[1]) / Number(base[2]);
        const match = SHOWINFO.exec(line);
        if (match) {
          const seconds = timeBase ? Number(match[2]) * timeBase : Number(match[3]);
          deliver({ n: Number(match[1]), seconds });
        }
      }
    },
    end() {
      if (partial) this.push('\n');
      ended = true;
      for (const waiter of waiting.splice(0)) waiter(undefined);
    },
    next(): Promise<FrameInfo | undefined> {
      const info = ready.shift();
      if (info || ended) return Promise.resolve(info);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
