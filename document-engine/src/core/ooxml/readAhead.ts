/**
 * Yields `read(item)` for each item, in order, with up to `depth` reads in flight: the media of a
 * package inflate natively (zlib's thread pool in Node, DecompressionStream in the browser) while
 * the caller handles the image before, instead of one after the other.
 */
export async function* readAhead<T, R>(
  items: readonly T[],
  read: (item: T) => Promise<R>,
  depth = 4,
): AsyncGenerator<[T, R]> {
  const pending: Promise<R>[] = [];
  let next = 0;
  for (const item of items) {
    while (next < items.length && pending.length < depth) {
      const reading = read(items[next++] as T);
      // A read that fails while an earlier image is still being handled must not count as
      // unhandled (Node would end the process); its error is thrown when its turn comes.
      reading.catch(() => undefined);
      pending.push(reading);
    }
    const result = await (pending.shift() as Promise<R>);
    yield [item, result];
  }
}
