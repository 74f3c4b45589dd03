/**
 * Calls `listener` once when `signal` aborts (at once when it already has); the function returned
 * stops listening. However many callers listen, `signal` carries one listener of ours, a relay,
 * removed when the last caller stops: a scan's one signal is shared by every request, probe and
 * wait of the scan, dozens at once, and a listener each would pass Node's MaxListeners warning
 * (10) though every one is removed when done. Not AbortSignal.any: on Node 20 each call leaves a
 * WeakRef in the source signal that is never pruned while the scan runs.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  if (signal.aborted) {
    listener();
    return () => undefined;
  }
  let relay = relays.get(signal);
  if (!relay) {
    const listeners = new Set<() => void>();
    const fire = () => {
      relays.delete(signal);
      for (const each of [...listeners]) {
        try {
          each();
        } catch (error) {
          // As EventTarget does: one listener's error is reported, the others still hear it.
          process.nextTick(() => {
            throw error;
          });
        }
      }
    };
    relay = { listeners, fire };
    relays.set(signal, relay);
    signal.addEventListener('abort', fire, { once: true });
  }
  const { listeners, fire } = relay;
  // A function may listen more than once, as addEventListener would not: each call its own entry.
  const entry = () => listener();
  listeners.add(entry);
  return () => {
    if (!listeners.delete(entry) || listeners.size > 0) return;
    signal.removeEventListener('abort', fire);
    if (relays.get(signal)?.listeners === listeners) relays.delete(signal);
  };
}

const relays = new WeakMap<AbortSignal, { listeners: Set<() => void>; fire: () => void }>();
