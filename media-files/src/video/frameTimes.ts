/**
 * Which moments of a video become frames. Times are seconds from the start of the presentation
 * (what a player shows as 0:00), not raw container timestamps: a stream that starts at 112.7 s
 * (MPEG-TS) or after an edit list still has its first frame at 0.
 *
 * End rule: a frame at t is taken only if t < duration. A video of exactly 10 s at a 5 s interval
 * gives 0 and 5, never 10: at t = duration nothing is on screen any more. So the count is
 * ceil(duration / interval), the number ffprobe-based checks in the corpus manifest expect.
 */
export function frameTimes(durationSeconds: number, intervalSeconds: number): number[] {
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0) {
    throw new RangeError(`The frame interval must be a positive number of seconds, got ${intervalSeconds}`);
  }
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [];
  const times: number[] = [];
  // k * interval, not a running sum: a sum of 0.1s drifts (0.30000000000000004) and can drop the last frame.
  for (let k = 0; ; k += 1) {
    const t = roundToMicros(k * intervalSeconds);
    if (t >= durationSeconds) break;
    times.push(t);
  }
  return times;
}

/** How many frames `frameTimes` gives, without building the list (to refuse a job before it starts). */
export function frameCount(durationSeconds: number, intervalSeconds: number): number {
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0) return 0;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.ceil(roundToMicros(durationSeconds / intervalSeconds));
}

/**
 * Whether frame timestamps need milliseconds to tell frames apart: true when two of the times fall
 * in the same whole second. With the slider's whole-second intervals (1–30 s) every time is a whole
 * second, so names stay `HH:MM:SS`; only a fractional interval (under 1 s) can collide.
 */
export function timestampsNeedMillis(timesSeconds: readonly number[]): boolean {
  const seconds = new Set<number>();
  for (const t of timesSeconds) {
    const whole = Math.floor(roundToMillis(t));
    if (seconds.has(whole)) return true;
    seconds.add(whole);
  }
  return false;
}

function roundToMicros(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

function roundToMillis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
