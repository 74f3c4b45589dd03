import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostGate } from '../../src/extractors/web/index.ts';
import { createRedisHostGate } from '../../src/jobs/redis/redisHostGate.ts';
import { connect } from '../../src/jobs/redis/store.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';

let server: RedisServer;
const connections: Redis[] = [];
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await server?.stop();
});

/** A gate on a connection of its own, as a `pnpm worker` process has. */
const worker = (perHost: number, leaseMs?: number): { gate: HostGate; redis: Redis } => {
  const redis = connect(server.url);
  connections.push(redis);
  return { gate: createRedisHostGate(redis, { perHost, leaseMs }), redis };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tasks that count how many of them run at once. */
function counter() {
  let now = 0;
  let most = 0;
  let ran = 0;
  const starts: number[] = [];
  return {
    task: async () => {
      now += 1;
      ran += 1;
      starts.push(Date.now());
      most = Math.max(most, now);
      await pause(5 + Math.random() * 15);
      now -= 1;
    },
    get most() {
      return most;
    },
    get ran() {
      return ran;
    },
    starts,
  };
}

describe('the host gate in Redis, shared by workers', () => {
  it('should let at most N requests run at a host at once across two workers, and reach N', async () => {
    const [a, b] = [worker(3), worker(3)];
    const count = counter();
    const runs = Array.from({ length: 40 }, (_, n) => (n % 2 ? a : b).gate.run('busy.example', count.task));
    await Promise.all(runs);
    expect(count.ran).toBe(40);
    expect(count.most).toBe(3);
    // Nothing left behind: every lease was given back.
    expect(await a.redis.zcard('ie:host:{busy.example}:leases')).toBe(0);
  });

  it('should keep hosts apart: a full host does not hold another back', async () => {
    const { gate } = worker(1);
    let release: () => void = () => undefined;
    const holding = gate.run('full.example', () => new Promise<void>((resolve) => (release = resolve)));
    await pause(20);
    let ran = false;
    await gate.run('free.example', async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    release();
    await holding;
  });

  it("should space the starts by one worker's Crawl-delay across both, one at a time", async () => {
    const [a, b] = [worker(4), worker(4)];
    await a.gate.setCrawlDelay('slow.example', 0.2);
    const count = counter();
    await Promise.all(Array.from({ length: 6 }, (_, n) => (n % 2 ? a : b).gate.run('slow.example', count.task)));
    expect(count.ran).toBe(6);
    expect(count.most).toBe(1);
    const starts = [...count.starts].sort((x, y) => x - y);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    // Spaced by Redis's clock; the tasks read this process's, a few ms apart from the replies.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(185);
  });

  it("should hold every worker back while one worker's pause lasts", async () => {
    const [a, b] = [worker(4), worker(4)];
    const pausedAt = Date.now();
    await a.gate.pause('busy-now.example', 300);
    let startedAt = 0;
    await b.gate.run('busy-now.example', async () => {
      startedAt = Date.now();
    });
    expect(startedAt - pausedAt).toBeGreaterThanOrEqual(290);
    // A shorter pause later does not cut a longer one short.
    await a.gate.pause('long.example', 400);
    await b.gate.pause('long.example', 10);
    const from = Date.now();
    await b.gate.run('long.example', async () => undefined);
    expect(Date.now() - from).toBeGreaterThanOrEqual(300);
  });

  it('should give a dead worker’s slot back once its lease lapses', async () => {
    const dying = worker(1, 300);
    const alive = worker(1, 300);
    let dyingStarted = 0;
    let finish: () => void = () => undefined;
    const stuck = dying.gate.run('orphan.example', async () => {
      dyingStarted = Date.now();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    stuck.catch(() => undefined);
    while (!dyingStarted) await pause(5);
    // The process dies: no renewal, no release.
    dying.redis.disconnect();
    let aliveStarted = 0;
    await alive.gate.run('orphan.example', async () => {
      aliveStarted = Date.now();
    });
    expect(aliveStarted - dyingStarted).toBeGreaterThanOrEqual(290);
    finish();
  });

  it('should renew the lease of a request that runs longer than the lease', async () => {
    const [a, b] = [worker(1, 150), worker(1, 150)];
    const count = counter();
    let release: () => void = () => undefined;
    const long = a.gate.run('long-read.example', async () => {
      await count.task();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await pause(20);
    const other = b.gate.run('long-read.example', count.task);
    // Three lease times later the first request still holds the host.
    await pause(450);
    expect(count.ran).toBe(1);
    release();
    await Promise.all([long, other]);
    expect(count.ran).toBe(2);
  });

  it('should stop waiting at once when the signal aborts', async () => {
    const { gate } = worker(1);
    let release: () => void = () => undefined;
    const holding = gate.run('held.example', () => new Promise<void>((resolve) => (release = resolve)));
    await pause(20);
    const controller = new AbortController();
    let ran = false;
    const waiting = gate.run(
      'held.example',
      async () => {
        ran = true;
      },
      controller.signal,
    );
    await pause(50);
    controller.abort(new Error('the scan ended'));
    // Rejected while the host is still held: it did not wait for the slot.
    await expect(waiting).rejects.toThrow('the scan ended');
    expect(ran).toBe(false);
    release();
    await holding;
  });
});
