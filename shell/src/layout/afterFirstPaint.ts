let painted: Promise<void> | undefined;

/**
 * Resolves once the page's first frame is on screen (at most FALLBACK_MS later in a hidden tab,
 * where frames are not drawn). A route's code is asked for after it: the header and the page's
 * heading (PageSkeleton) paint from what index.html already loaded, and the page's own code then
 * has the network to itself instead of sharing it with the first paint.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const done = () => resolve();
    // The frame callback runs before the paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, FALLBACK_MS);
  });
  return painted;
}

const FALLBACK_MS = 100;
