/**
 * Admission control: one kind of gate for everything costly a visitor can start (website scans,
 * Chromium renders, ffmpeg conversions, Inkscape previews). Each gate admits a few at once, keeps
 * a bounded line behind them, refuses the next caller at once with a sentence and a Retry-After
 * (BusyError, answered 503 by the app's error handler), and stops every admitted run at its
 * wall-clock limit (the admission's signal fires with a TimeLimitError). The settings of each
 * gate are config.ts's (`admissionLimits`).
 *
 *   const gate = createGate({ name: 'video', concurrency: 2, maxWaiting: 8, timeLimitMs: 900_000,
 *     busyMessage: MESSAGES.video.busy, timeLimitMessage: (ms) => MESSAGES.video.timedOut(ms / 60_000) });
 *   const admission = await gate.admit({ signal: clientGone });   // throws BusyError when full
 *   try { await convert(admission.signal); } finally { admission.release(); }
 */
export {
  type Admission,
  type AdmitOptions,
  BusyError,
  createGate,
  type Gate,
  type GateOptions,
  RETRY_AFTER_S,
  TimeLimitError,
} from './gate.ts';
