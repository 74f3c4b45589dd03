/**
 * Runs at most `concurrency` tasks at once; the others wait their turn, in order. One small
 * limiter for the whole package (probing images, the crawler's per-host bound), so no two
 * bounds behave differently.
 *
 *   const limit = createLimiter(8);
 *   const sizes = await Promise.all(urls.map((url) => limit(() => probe(url))));
 */
export type Limiter = {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a turn. */
  readonly pending: number;
};

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new TypeError(`[limit] concurrency must be a whole number ≥ 1, got ${concurrency}`);
  }
  const waiting: Array<() => void> = [];
  let active = 0;

  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };

  const limit = <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = () => {
        active += 1;
        // A task that throws synchronously still frees its turn.
        Promise.resolve().then(task).then(resolve, reject).finally(next);
      };
      if (active < concurrency) run();
      else waiting.push(run);
    });

  return Object.defineProperties(limit, {
    active: { get: () => active },
    pending: { get: () => waiting.length },
  }) as Limiter;
}
