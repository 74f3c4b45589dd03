type SharpFunction = typeof import('sharp')['default'];

// libvips is loaded when the pass first analyses an image, not when the server starts: a server
// that never audits never maps it.
let loading: Promise<SharpFunction> | undefined;

/**
 * sharp, loaded once. Its libvips thread pool is set to one thread a pipeline: the pass's own
 * `concurrency` (EXTRACT_API_AUDIT_ENCODE_CONCURRENCY) is then the number of cores it keeps busy,
 * and on a two-core machine the scan and the API keep the other (libvips would otherwise give each
 * pipeline a thread per core). The setting is process-wide: the full-size check's small hashes run
 * on one thread too, which costs them nothing measurable. libaom's AVIF encoder has threads of its
 * own, which libvips does not let a caller set.
 */
export function loadSharp(): Promise<SharpFunction> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
