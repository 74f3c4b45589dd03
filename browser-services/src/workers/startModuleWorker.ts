/**
 * Starts a module Worker from a script URL that may live on another origin.
 *
 * A Module Federation remote's chunks are served from the remote's origin, not the page's, and
 * `new Worker(crossOriginUrl)` is refused by browsers. A module worker started from a same-origin
 * blob: URL may import cross-origin modules (with CORS, which remotes' servers send), so the blob
 * holds one line that imports the real worker script; the worker's own relative imports then
 * resolve against the remote's origin as usual.
 */
export function startModuleWorker(scriptUrl: string | URL, options: { name?: string } = {}): Worker {
  const absolute = new URL(scriptUrl, globalThis.location?.href);
  if (globalThis.location && absolute.origin === globalThis.location.origin) {
    return new Worker(absolute, { type: 'module', name: options.name });
  }
  const blobUrl = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(absolute.href)};\n`], { type: 'text/javascript' }),
  );
  const worker = new Worker(blobUrl, { type: 'module', name: options.name });
  // The blob is needed only until the worker has loaded; its first word (or failure) says it has.
  const release = () => URL.revokeObjectURL(blobUrl);
  worker.addEventListener('message', release, { once: true });
  worker.addEventListener('error', release, { once: true });
  return worker;
}
