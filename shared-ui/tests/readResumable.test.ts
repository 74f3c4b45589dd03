import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readResumableNdjson, StreamLostError } from '../src/extraction/readResumable.ts';

const Event = z.object({ seq: z.number(), type: z.string() });
type Event = z.infer<typeof Event>;

/** A body that sends these lines, then ends or breaks off. */
function body(lines: Event[], breakOff = false): Response {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  let sent = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode(text));
        } else if (breakOff) controller.error(new TypeError('network error'));
        else controller.close();
      },
    }),
  );
}

async function collect(iterable: AsyncIterable<Event>) {
  const seen: Event[] = [];
  for await (const event of iterable) seen.push(event);
  return seen;
}

describe('readResumableNdjson', () => {
  const isLast = (event: Event) => event.type === 'done';

  it('should reconnect after the last event it handed over when the stream breaks, nothing twice', async () => {
    const asked: number[] = [];
    const answers = [
      () =>
        body(
          [
            { seq: 1, type: 'start' },
            { seq: 2, type: 'image' },
          ],
          true,
        ),
      () => {
        throw new TypeError('Failed to fetch');
      },
      // A server that replays one line it already sent: skipped.
      () =>
        body([
          { seq: 2, type: 'image' },
          { seq: 3, type: 'image' },
          { seq: 4, type: 'done' },
        ]),
    ];
    const events = await collect(
      readResumableNdjson({
        open: async (after) => {
          asked.push(after);
          return (answers.shift() as () => Response)();
        },
        schema: Event,
        signal: new AbortController().signal,
        isLast,
        backoffMs: 1,
      }),
    );
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([0, 2, 2]);
  });

  it('should start after a given cursor, and give up after its retries', async () => {
    const asked: number[] = [];
    const reading = collect(
      readResumableNdjson({
        open: async (after) => {
          asked.push(after);
          return body([], true);
        },
        schema: Event,
        signal: new AbortController().signal,
        after: 7,
        isLast,
        retries: 2,
        backoffMs: 1,
      }),
    );
    await expect(reading).rejects.toBeInstanceOf(StreamLostError);
    expect(asked).toEqual([7, 7, 7]);
  });

  it('should end with the error of a refused request, without retrying', async () => {
    let calls = 0;
    const reading = collect(
      readResumableNdjson({
        open: async () => {
          calls += 1;
          throw new Error('gone');
        },
        schema: Event,
        signal: new AbortController().signal,
        isLast,
      }),
    );
    await expect(reading).rejects.toThrow('gone');
    expect(calls).toBe(1);
  });
});
