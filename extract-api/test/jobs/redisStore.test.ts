import type { ExtractedImage } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, RedisScanStore } from '../../src/jobs/redis/store.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const IMAGES = 2_000;
const LANES = 8;

const image = (n: number) =>
  ({ id: `i${n}`, name: `${n}.png`, url: `http://127.0.0.1/img/${n}.png`, source: 'website' }) as ExtractedImage;

describe('RedisScanStore read by cursor', () => {
  it('should lose no image appended while a snapshot or an events read is under way', async () => {
    // An append landing between the read of the events and the read of the counter (or of the
    // latest progress) once put the cursor past an image the reader never got. Here a worker
    // appends exactly there, whenever the reader's connection is asked for a key on its own.
    const writer = new RedisScanStore(connect(redis.url), 60_000);
    const reader = new RedisScanStore(connect(redis.url), 60_000);
    const id = 'cursor-between';
    await reader.createScan(id, {
      input: { url: 'http://127.0.0.1/', depth: 1, render: false },
      maxPages: 10,
      createdAt: 0,
    });
    let next = 0;
    const get = reader.redis.get.bind(reader.redis);
    reader.redis.get = (async (key: string) => {
      if (key.endsWith(':seq') || key.endsWith(':progress')) {
        await writer.appendImage(id, image(next++));
        await writer.appendProgress(id);
      }
      return get(key);
    }) as typeof reader.redis.get;
    await writer.appendImage(id, image(next++));
    await writer.appendProgress(id);

    const snapshot = await reader.snapshot(id, 0);
    const later = await reader.snapshot(id, snapshot?.cursor ?? 0);
    const bySnapshot = [...(snapshot?.images ?? []), ...(later?.images ?? [])].map(({ url }) => url);
    const events = await reader.eventsAfter(id, 0);
    const seq = events.at(-1)?.seq ?? 0;
    const byEvents = [...events, ...(await reader.eventsAfter(id, seq))].flatMap((event) =>
      event.type === 'image' ? [event.image.url] : [],
    );
    reader.redis.get = get as typeof reader.redis.get;
    const all = (await reader.images(id))?.map(({ url }) => url) ?? [];
    expect(all).toHaveLength(next);
    expect(bySnapshot).toEqual(all.slice(0, bySnapshot.length));
    expect(new Set(bySnapshot).size).toBe(bySnapshot.length);
    expect(byEvents).toEqual(all.slice(0, byEvents.length));
    // What each read handed over reaches as far as what the next one starts after.
    const lastSeen = await reader.snapshot(id, later?.cursor ?? 0);
    expect([...bySnapshot, ...(lastSeen?.images ?? []).map(({ url }) => url)]).toEqual(all);
    for (const store of [writer, reader]) store.redis.disconnect();
  });

  it('should hand every image over once to readers resuming by cursor while other connections append', async () => {
    // Workers append images and progress on their own connections while the API reads: a reader
    // that resumes from the cursor (snapshot) or the last event's number (events) must miss none.
    const writers = Array.from({ length: LANES }, () => new RedisScanStore(connect(redis.url), 60_000));
    const reader = new RedisScanStore(connect(redis.url), 60_000);
    const id = 'cursor-race';
    await reader.createScan(id, {
      input: { url: 'http://127.0.0.1/', depth: 1, render: false },
      maxPages: 10,
      createdAt: Date.now(),
    });
    let writing = true;
    const written = Promise.all(
      writers.map(async (store, lane) => {
        for (let n = lane; n < IMAGES; n += LANES) {
          await store.appendImage(id, image(n));
          await store.appendProgress(id);
        }
      }),
    ).finally(() => {
      writing = false;
    });

    const bySnapshot: string[] = [];
    const byEvents: string[] = [];
    let cursor = 0;
    let seq = 0;
    const poll = async () => {
      const snapshot = await reader.snapshot(id, cursor);
      for (const found of snapshot?.images ?? []) bySnapshot.push(found.url);
      cursor = snapshot?.cursor ?? cursor;
      for (const event of await reader.eventsAfter(id, seq)) {
        if (event.type === 'image') byEvents.push(event.image.url);
        seq = event.seq;
      }
    };
    while (writing) await poll();
    await written;
    await poll();

    const all = Array.from({ length: IMAGES }, (_, n) => image(n).url).sort();
    expect([...bySnapshot].sort()).toEqual(all);
    expect([...byEvents].sort()).toEqual(all);
    for (const store of [...writers, reader]) store.redis.disconnect();
  }, 30_000);
});

describe('RedisScanStore finished scans', () => {
  it('should delete every key of the oldest finished scans past the bound, counting the bytes of their events', async () => {
    const store = new RedisScanStore(connect(redis.url), 60_000, { maxCount: 2, maxBytes: 1024 ** 3 });
    const ids = ['finished-a', 'finished-b', 'finished-c'];
    for (const id of ids) {
      await store.createScan(id, {
        input: { url: 'http://127.0.0.1/', depth: 1, render: false },
        maxPages: 10,
        createdAt: 0,
      });
      await store.appendImage(id, image(1));
      await store.appendProgress(id);
      await store.finishPage(id, 'http://127.0.0.1/');
      await store.append(id, { type: 'done', found: 1, done: 1, unit: 'pages' });
      // distinct end times: the index orders by them
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const keysOf = (id: string) => store.redis.keys(`ie:scan:${id}:*`);
    expect(await keysOf('finished-a')).toEqual([]);
    expect((await keysOf('finished-b')).length).toBeGreaterThan(3);
    expect(await store.meta('finished-c')).toMatchObject({ ended: true, status: 'done' });
    // the image and done events, as JSON, are what the bound counts
    const bytes = Number(await store.redis.hget('ie:scan:finished-c:meta', 'bytes'));
    const events = await store.redis.zrange('ie:scan:finished-c:events', '0', '-1');
    expect(bytes).toBe(events.reduce((sum, line) => sum + line.length, 0));
    // a scan that ends again (a second worker, a late cancel) is counted once
    expect(await store.retire('finished-c')).toBe(0);
    expect(await store.redis.zrange('ie:scan:finished', '0', '-1')).toEqual(['finished-b', 'finished-c']);
    expect(Number(await store.redis.get('ie:scan:finished-total'))).toBe(
      Number(await store.redis.hget('ie:scan:finished-b:meta', 'bytes')) + bytes,
    );
    store.redis.disconnect();
  });
});
