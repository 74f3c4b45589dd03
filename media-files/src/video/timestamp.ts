export type TimestampOptions = {
  /** Add `.mmm`: when two frames would otherwise share a name (see `timestampsNeedMillis`). */
  millis?: boolean;
};

/**
 * `HH:MM:SS`, or `HH:MM:SS.mmm` with millis: a video frame's timestamp as the screen shows it. Hours keep
 * two digits and grow past 99 rather than wrap. Without millis the time is truncated to the second
 * it falls in, as a player's clock shows it (1.9 s is 00:00:01).
 */
export function formatTimestamp(seconds: number, options: TimestampOptions = {}): string {
  const totalMs = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const hh = Math.floor(totalSeconds / 3600);
  const mm = Math.floor((totalSeconds % 3600) / 60);
  const ss = totalSeconds % 60;
  const text = `${pad(hh, 2)}:${pad(mm, 2)}:${pad(ss, 2)}`;
  return options.millis ? `${text}.${pad(ms, 3)}` : text;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
