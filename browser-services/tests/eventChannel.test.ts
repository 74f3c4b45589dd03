import type { ExtractionEvent } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { createEventChannel } from '../src/extraction/eventChannel.ts';

const image = { id: '1', name: 'a.png', url: 'https://example.org/a.png', source: 'website', format: 'PNG' } as const;

describe('createEventChannel', () => {
  async function collect(events: AsyncIterable<ExtractionEvent>): Promise<ExtractionEvent[]> {
    const seen: ExtractionEvent[] = [];
    for await (const event of events) seen.push(event);
    return seen;
  }

  it('hands over pushed events in order, those pushed before reading and after', async () => {
    const channel = createEventChannel();
    channel.push({ type: 'start', runsOn: 'browser' });
    const reading = collect(channel.events);
    await Promise.resolve();
    channel.push({ type: 'image', image });
    channel.end();
    channel.push({ type: 'done', found: 1 });
    expect((await reading).map((e) => e.type)).toEqual(['start', 'image']);
  });

  it('throws the failure after the events pushed before it', async () => {
    const channel = createEventChannel();
    const seen: string[] = [];
    channel.push({ type: 'image', image });
    channel.fail(new Error('worker lost'));
    await expect(
      (async () => {
        for await (const event of channel.events) seen.push(event.type);
      })(),
    ).rejects.toThrow('worker lost');
    expect(seen).toEqual(['image']);
  });
});
