import { Redis } from 'ioredis';
import type { ExtractedImage, ExtractionEvent, JobSnapshot, JobStatus, SequencedEvent } from 'shared-contracts';
import {
  type AuditRecord,
  imageKey,
  MAX_LISTED_FAILURES,
  type PageTask as ScanPage,
} from '../../extractors/web/index.ts';
import type { FinishedJobsBound, WebsiteJobInput } from '../types.ts';

/** The BullMQ queue of page tasks; every key of ours starts with KEY_PREFIX. */
export const PAGE_QUEUE = 'image-extractor-scan-pages';
const KEY_PREFIX = 'ie:scan:';

/** A page task: one page of one scan (the crawl's PageTask, with the scan it belongs to). */
export type PageTask = ScanPage & { scanId: string };

/** What a scan is, as stored: its request and its bounds. */
export type ScanMeta = {
  input: WebsiteJobInput;
  maxPages: number;
  createdAt: number;
  status: JobStatus;
  ended: boolean;
  expiresAt?: number;
  error?: string;
};

const keys = (id: string) => {
  const base = `${KEY_PREFIX}${id}`;
  return {
    meta: `${base}:meta`,
    seq: `${base}:seq`,
    events: `${base}:events`,
    progress: `${base}:progress`,
    failures: `${base}:failures`,
    counters: `${base}:counters`,
    enqueued: `${base}:enqueued`,
    frames: `${base}:frames`,
    done: `${base}:done`,
    images: `${base}:images`,
    names: `${base}:names`,
    /** Origins whose sitemaps seeded the scan (read once each). */
    sitemaps: `${base}:sitemaps`,
    /** Image addresses the scan's budgets left unchecked (counted once each). */
    notChecked: `${base}:notChecked`,
    /** An auditing scan's image elements: one field a page (its address), replaced when read again. */
    auditUses: `${base}:audit-uses`,
    /** An auditing scan's image fetches worth keeping: one field an image address, replaced when fetched again. */
    auditFetches: `${base}:audit-fetches`,
  };
};
const allKeys = (id: string) => Object.values(keys(id));
/** Each scan key's end after its id, for the script that deletes a scan it only knows by id. */
const KEY_SUFFIXES = allKeys('').map((key) => key.slice(KEY_PREFIX.length));

// An audit record joins a scan that exists and has not ended. A page's elements are kept under its
// address and a fetch under its image's, so a page task run again (its worker died, BullMQ gave it
// to another) replaces what it wrote instead of counting it twice; new fields stop at the bounds.
// KEYS: meta, uses, fetches. ARGV: page, its elements' JSON or '', most pages, most fetches, then
// image address and fetch JSON pairs.
const APPEND_AUDIT = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'ended') == '1' then return 0 end
if ARGV[2] ~= '' and (redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 or redis.call('HLEN', KEYS[2]) < tonumber(ARGV[3])) then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
end
local room = tonumber(ARGV[4]) - redis.call('HLEN', KEYS[3])
for i = 5, #ARGV - 1, 2 do
  if redis.call('HEXISTS', KEYS[3], ARGV[i]) == 1 then
    redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1])
  elseif room > 0 then
    redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1])
    room = room - 1
  end
end
return 1
`;

/** The finished scans by end time, the bytes of each one's events, and their total. */
const FINISHED = {
  index: `${KEY_PREFIX}finished`,
  bytes: `${KEY_PREFIX}finished-bytes`,
  total: `${KEY_PREFIX}finished-total`,
};

// Appends one event: numbered by INCR, the latest progress kept alone, the rest in a sorted set by
// number (their size counted); an ending event marks the scan ended with its status. Nothing is
// taken once it ended, nor once it is gone (expired, or deleted past the finished-scans bound).
const APPEND = `
if redis.call('EXISTS', KEYS[4]) == 0 or redis.call('HGET', KEYS[4], 'ended') == '1' then return 0 end
local seq = redis.call('INCR', KEYS[1])
local json = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
if ARGV[2] == 'progress' then
  redis.call('SET', KEYS[3], json)
else
  redis.call('ZADD', KEYS[2], seq, json)
  redis.call('HINCRBY', KEYS[4], 'bytes', #json)
end
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[4], 'ended', '1', 'status', ARGV[3], 'finishedAt', ARGV[4])
  if ARGV[5] ~= '' then redis.call('HSET', KEYS[4], 'error', ARGV[5]) end
end
return seq`;

// An image event, once per image address in a scan, however many workers found it; counted.
const APPEND_IMAGE = `
if redis.call('EXISTS', KEYS[4]) == 0 or redis.call('HGET', KEYS[4], 'ended') == '1' then return 0 end
if redis.call('SADD', KEYS[5], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[6], 'found', 1)
local seq = redis.call('INCR', KEYS[1])
local json = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('ZADD', KEYS[2], seq, json)
redis.call('HINCRBY', KEYS[4], 'bytes', #json)
return seq`;

// A scan that ended joins the finished ones (by end time, with the bytes of its events); then,
// past the count or the bytes of the bound, the oldest are deleted, key by key, before their time
// to live. The scan that just ended stays whatever its size. Entries whose time to live is up
// (their keys expired by themselves) leave the index first. Returns how many were deleted.
// KEYS: index, bytes, total, the scan's meta. ARGV: id, the oldest end time still kept, most
// scans, most bytes, the key prefix, then each key suffix.
const RETIRE = `
local meta = redis.call('HMGET', KEYS[4], 'finishedAt', 'bytes')
if not meta[1] or redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
local bytes = tonumber(meta[2] or '0')
redis.call('ZADD', KEYS[1], meta[1], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], bytes)
local total = redis.call('INCRBY', KEYS[3], bytes)
local function leave(id)
  total = redis.call('DECRBY', KEYS[3], tonumber(redis.call('HGET', KEYS[2], id) or '0'))
  redis.call('HDEL', KEYS[2], id)
  redis.call('ZREM', KEYS[1], id)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[2])) do leave(id) end
local deleted = 0
while redis.call('ZCARD', KEYS[1]) > tonumber(ARGV[3]) or total > tonumber(ARGV[4]) do
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
  if not oldest or oldest == ARGV[1] then break end
  for i = 6, #ARGV do redis.call('DEL', ARGV[5] .. oldest .. ARGV[i]) end
  leave(oldest)
  deleted = deleted + 1
end
return deleted`;

// The progress of the scan from its counters, numbered like any event (atomic: no stale totals).
const APPEND_PROGRESS = `
if redis.call('HGET', KEYS[4], 'ended') == '1' then return 0 end
local c = redis.call('HMGET', KEYS[5], 'enqueued', 'done', 'found', 'failed', 'notChecked')
local enqueued, done = tonumber(c[1] or '0'), tonumber(c[2] or '0')
local found, failed = tonumber(c[3] or '0'), tonumber(c[4] or '0')
local notChecked = tonumber(c[5] or '0')
local seq = redis.call('INCR', KEYS[1])
local json = '{"seq":' .. seq .. ',"type":"progress","unit":"pages","done":' .. done .. ',"queued":' .. (enqueued - done) .. ',"found":' .. found
if failed > 0 then json = json .. ',"failed":' .. failed end
if notChecked > 0 then json = json .. ',"notChecked":' .. notChecked end
if ARGV[1] ~= '' then json = json .. ',"detail":' .. ARGV[1] end
redis.call('SET', KEYS[3], json .. '}')
return seq`;

// Takes a page into the scan once: 1 new, 2 already taken, 3 read as a frame, 0 over the page limit.
const ENQUEUE = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 2 end
if redis.call('SISMEMBER', KEYS[4], ARGV[1]) == 1 then return 3 end
local n = tonumber(redis.call('HGET', KEYS[2], 'enqueued') or '0')
if n >= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[3], 'stoppedAtLimit', '1')
  return 0
end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('HINCRBY', KEYS[2], 'enqueued', 1)
return 1`;

// A page finished, counted once however often it was retried: {counted, done, enqueued}.
const FINISH_PAGE = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then
  local c = redis.call('HMGET', KEYS[2], 'done', 'enqueued')
  return {0, tonumber(c[1] or '0'), tonumber(c[2] or '0')}
end
local done = redis.call('HINCRBY', KEYS[2], 'done', 1)
if ARGV[2] ~= '' then
  redis.call('HINCRBY', KEYS[2], 'failed', 1)
  if redis.call('LLEN', KEYS[3]) < tonumber(ARGV[3]) then redis.call('RPUSH', KEYS[3], ARGV[2]) end
end
return {1, done, tonumber(redis.call('HGET', KEYS[2], 'enqueued') or '0')}`;

// A page's share of the scan's budget of images: up to ARGV[1] of the ARGV[2] the scan may measure.
const TAKE_IMAGES = `
local used = tonumber(redis.call('HGET', KEYS[1], 'checked') or '0')
local granted = math.max(0, math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - used))
if granted > 0 then redis.call('HINCRBY', KEYS[1], 'checked', granted) end
return granted`;

// Image addresses left unchecked, each counted once however many pages name it.
const MARK_NOT_CHECKED = `
local added = redis.call('SADD', KEYS[1], unpack(ARGV))
if added > 0 then redis.call('HINCRBY', KEYS[2], 'notChecked', added) end
return added`;
/** Members one MARK_NOT_CHECKED call takes (Lua's unpack has a bound). */
const NOT_CHECKED_BATCH = 1_000;

/** A Redis connection as BullMQ wants it (no per-command retry limit: a blocked worker waits). */
export function connect(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

const endingStatus = (event: ExtractionEvent): JobStatus | '' =>
  event.type === 'done' ? 'done' : event.type === 'error' ? (event.code === 'cancelled' ? 'cancelled' : 'failed') : '';

/**
 * A scan's state in Redis: its request, its numbered events (images once each, the latest
 * progress), its counters, the pages it took (the frontier's dedupe), the pages it finished, the
 * image addresses and file names it gave out. What the API and every worker share; each operation
 * is one atomic script, so any number of workers may run the same scan.
 */
export class RedisScanStore {
  constructor(
    readonly redis: Redis,
    readonly ttlMs: number,
    /** Finished scans kept at most (by the API and every worker alike); unbounded when left out. */
    readonly finished?: FinishedJobsBound,
  ) {}

  async createScan(id: string, meta: Omit<ScanMeta, 'status' | 'ended'>): Promise<void> {
    await this.redis.hset(keys(id).meta, {
      input: JSON.stringify(meta.input),
      maxPages: String(meta.maxPages),
      createdAt: String(meta.createdAt),
      status: 'queued',
    });
  }

  async meta(
    id: string,
  ): Promise<(ScanMeta & { stoppedAtLimit: boolean; finishing: boolean; startError?: string }) | undefined> {
    const raw = await this.redis.hgetall(keys(id).meta);
    if (!raw.input) return undefined;
    const finishedAt = raw.finishedAt ? Number(raw.finishedAt) : undefined;
    return {
      input: JSON.parse(raw.input) as WebsiteJobInput,
      maxPages: Number(raw.maxPages),
      createdAt: Number(raw.createdAt),
      status: (raw.status ?? 'queued') as JobStatus,
      ended: raw.ended === '1',
      ...(finishedAt ? { expiresAt: finishedAt + this.ttlMs } : {}),
      ...(raw.error ? { error: raw.error } : {}),
      stoppedAtLimit: raw.stoppedAtLimit === '1',
      finishing: raw.finishing === '1',
      ...(raw.startError ? { startError: raw.startError } : {}),
    };
  }

  async setStartError(id: string, message: string): Promise<void> {
    await this.redis.hsetnx(keys(id).meta, 'startError', message);
  }

  async markRunning(id: string): Promise<void> {
    if ((await this.redis.hsetnx(keys(id).meta, 'running', '1')) === 1) {
      await this.redis.eval(
        "if redis.call('HGET', KEYS[1], 'status') == 'queued' then redis.call('HSET', KEYS[1], 'status', 'running') end",
        1,
        keys(id).meta,
      );
    }
  }

  /** Appends an event; an ending one ends the scan and starts its keep time. 0 when it had ended. */
  async append(id: string, event: ExtractionEvent): Promise<number> {
    const k = keys(id);
    const status = endingStatus(event);
    const error = event.type === 'error' ? event.error : '';
    const seq = Number(
      await this.redis.eval(
        APPEND,
        4,
        k.seq,
        k.events,
        k.progress,
        k.meta,
        JSON.stringify(event),
        event.type,
        status,
        String(Date.now()),
        error,
      ),
    );
    if (status && seq > 0) {
      await this.expire(id);
      await this.retire(id);
    }
    return seq;
  }

  async appendImage(id: string, image: ExtractedImage): Promise<number> {
    const k = keys(id);
    const event = JSON.stringify({ type: 'image', image });
    return Number(
      await this.redis.eval(
        APPEND_IMAGE,
        6,
        k.seq,
        k.events,
        k.progress,
        k.meta,
        k.images,
        k.counters,
        event,
        // Once per address, or once per address and start address in a batch.
        imageKey(image.url, image.origin),
      ),
    );
  }

  /**
   * One page's audit record, for a scan that still runs (a gone scan takes none): its elements
   * replace what the page wrote before, its fetches those of the same images; at most `bounds.pages`
   * pages and `bounds.fetches` images a scan.
   */
  async appendAudit(
    id: string,
    pageUrl: string,
    record: AuditRecord,
    bounds: { pages: number; fetches: number },
  ): Promise<void> {
    const k = keys(id);
    const fetches = (record.fetches ?? []).flatMap((facts) => [facts.url, JSON.stringify(facts)]);
    await this.redis.eval(
      APPEND_AUDIT,
      3,
      k.meta,
      k.auditUses,
      k.auditFetches,
      pageUrl,
      record.uses ? JSON.stringify(record.uses) : '',
      String(bounds.pages),
      String(bounds.fetches),
      ...fetches,
    );
  }

  /** A scan's audit records as JSON lines (see parseAuditLines): each page's, by address, then the fetches. */
  async auditLines(id: string): Promise<string[]> {
    const k = keys(id);
    const [pages, fetches] = await Promise.all([this.redis.hgetall(k.auditUses), this.redis.hvals(k.auditFetches)]);
    const lines = Object.keys(pages)
      .sort()
      .map((page) => `{"uses":${pages[page]}}`);
    if (fetches.length > 0) lines.push(`{"fetches":[${fetches.join(',')}]}`);
    return lines;
  }

  async appendProgress(id: string, detail?: string): Promise<number> {
    const k = keys(id);
    const json = detail ? JSON.stringify(detail) : '';
    return Number(await this.redis.eval(APPEND_PROGRESS, 5, k.seq, k.events, k.progress, k.meta, k.counters, json));
  }

  /** Which of these images (`imageKey`: address, and start address in a batch) the scan already gave out (not probed again). */
  async knownImages(id: string, imageKeys: readonly string[]): Promise<boolean[]> {
    if (imageKeys.length === 0) return [];
    const found = await this.redis.smismember(keys(id).images, ...imageKeys);
    return found.map((flag) => flag === 1);
  }

  /** A file name no other image of the scan has (compared without case). */
  async allocateName(id: string, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; (await this.redis.sadd(keys(id).names, candidate.toLowerCase())) === 0; n += 1) {
      candidate = `${stem}-${n}${ext}`;
    }
    return candidate;
  }

  /** 1 new, 2 already taken, 3 read as a frame, 0 over the page limit. */
  async enqueue(id: string, url: string, maxPages: number): Promise<0 | 1 | 2 | 3> {
    const k = keys(id);
    return Number(await this.redis.eval(ENQUEUE, 4, k.enqueued, k.counters, k.meta, k.frames, url, String(maxPages))) as
      | 0
      | 1
      | 2
      | 3;
  }

  /** True for the one caller that is to read this origin's sitemaps for the scan. */
  async claimSitemaps(id: string, origin: string): Promise<boolean> {
    return (await this.redis.sadd(keys(id).sitemaps, origin)) === 1;
  }

  /** Frames read as part of a page: never taken as pages of their own. */
  async markFrames(id: string, urls: readonly string[]): Promise<void> {
    if (urls.length > 0) await this.redis.sadd(keys(id).frames, ...urls);
  }

  async finishPage(id: string, url: string, failure?: { url: string; reason: string }) {
    const k = keys(id);
    const [counted, done, enqueued] = (await this.redis.eval(
      FINISH_PAGE,
      3,
      k.done,
      k.counters,
      k.failures,
      url,
      failure ? JSON.stringify(failure) : '',
      String(MAX_LISTED_FAILURES),
    )) as [number, number, number];
    return { counted: counted === 1, done, enqueued };
  }

  /** True for the one caller that is to write the scan's last event. */
  async claimFinish(id: string): Promise<boolean> {
    return (await this.redis.hsetnx(keys(id).meta, 'finishing', '1')) === 1;
  }

  async counters(id: string) {
    const c = await this.redis.hgetall(keys(id).counters);
    return {
      enqueued: Number(c.enqueued ?? 0),
      done: Number(c.done ?? 0),
      found: Number(c.found ?? 0),
      failed: Number(c.failed ?? 0),
      notChecked: Number(c.notChecked ?? 0),
    };
  }

  /** What the scan spent so far, all workers together: candidate images granted, bytes fetched. */
  async spending(id: string): Promise<{ images: number; bytes: number }> {
    const [images, bytes] = await this.redis.hmget(keys(id).counters, 'checked', 'bytes');
    return { images: Number(images ?? 0), bytes: Number(bytes ?? 0) };
  }

  /** How many of a page's `wanted` candidates it may measure, of the scan's `max` in all (taken at once). */
  async takeImages(id: string, wanted: number, max: number): Promise<number> {
    if (wanted <= 0) return 0;
    return Number(await this.redis.eval(TAKE_IMAGES, 1, keys(id).counters, String(wanted), String(max)));
  }

  async spendBytes(id: string, bytes: number): Promise<void> {
    if (bytes > 0) await this.redis.hincrby(keys(id).counters, 'bytes', Math.round(bytes));
  }

  /** Image addresses (`imageKey`) a budget left unchecked: counted once each, never probed later. */
  async markNotChecked(id: string, imageKeys: readonly string[]): Promise<void> {
    const k = keys(id);
    for (let at = 0; at < imageKeys.length; at += NOT_CHECKED_BATCH) {
      const batch = imageKeys.slice(at, at + NOT_CHECKED_BATCH);
      await this.redis.eval(MARK_NOT_CHECKED, 2, k.notChecked, k.counters, ...batch);
    }
  }

  /** Which of these image addresses a budget already left unchecked. */
  async notCheckedImages(id: string, imageKeys: readonly string[]): Promise<boolean[]> {
    if (imageKeys.length === 0) return [];
    const found = await this.redis.smismember(keys(id).notChecked, ...imageKeys);
    return found.map((flag) => flag === 1);
  }

  /** The scan stopped with pages left to read (a budget ran out): its done event says so. */
  async markStoppedAtLimit(id: string): Promise<void> {
    await this.redis.hset(keys(id).meta, 'stoppedAtLimit', '1');
  }

  async failures(id: string): Promise<{ url: string; reason: string }[]> {
    return (await this.redis.lrange(keys(id).failures, 0, -1)).map((line) => JSON.parse(line));
  }

  /** The events after `after`, the latest progress in its place (with the failed pages when any). */
  async eventsAfter(id: string, after: number): Promise<SequencedEvent[]> {
    const { kept, progress } = await this.readAfter(id, after);
    const events = kept.map((line) => JSON.parse(line) as SequencedEvent);
    if (progress) {
      const latest = JSON.parse(progress) as Extract<SequencedEvent, { type: 'progress' }>;
      if (latest.seq > after) {
        if (latest.failed) latest.failures = await this.failures(id);
        const at = events.findIndex((event) => event.seq > latest.seq);
        events.splice(at < 0 ? events.length : at, 0, latest);
      }
    }
    return events;
  }

  async snapshot(id: string, after: number): Promise<JobSnapshot | undefined> {
    const meta = await this.meta(id);
    if (!meta) return undefined;
    const { kept: events, cursor, progress } = await this.readAfter(id, after);
    let latest: Extract<SequencedEvent, { type: 'progress' }> | undefined;
    if (progress) {
      latest = JSON.parse(progress);
      if (latest?.failed) latest.failures = await this.failures(id);
    }
    const { seq: _seq, ...progressEvent } = latest ?? { seq: 0 };
    return {
      id,
      status: meta.status,
      createdAt: meta.createdAt,
      ...(meta.expiresAt ? { expiresAt: meta.expiresAt } : {}),
      ...(latest ? { progress: progressEvent as Omit<typeof latest, 'seq'> } : {}),
      images: events.flatMap((line) => {
        const event = JSON.parse(line) as SequencedEvent;
        return event.type === 'image' ? [event.image] : [];
      }),
      cursor: Number(cursor ?? 0),
      ...(meta.error ? { error: meta.error } : {}),
    };
  }

  /**
   * The kept events after `after`, the event counter and the latest progress, read in one MULTI:
   * a worker's event numbered between two separate reads would put the cursor (or the progress's
   * number, which a follower takes as its cursor) past an image never handed over, lost to every
   * reader resuming from there (bench/web/scan-jobs.ts, 10,000 pages on 1-4 workers: 7 to 20 of 10,060).
   */
  private async readAfter(id: string, after: number) {
    const k = keys(id);
    const replies = await this.redis
      .multi()
      .zrangebyscore(k.events, `(${after}`, '+inf')
      .get(k.seq)
      .get(k.progress)
      .exec();
    if (!replies) throw new Error('[jobs] a Redis transaction was aborted');
    for (const [error] of replies) if (error) throw error;
    const [kept, cursor, progress] = replies.map(([, value]) => value) as [string[], string | null, string | null];
    return { kept, cursor, progress };
  }

  async images(id: string): Promise<ExtractedImage[] | undefined> {
    if (!(await this.meta(id))) return undefined;
    const lines = await this.redis.zrange(keys(id).events, '0', '-1');
    return lines.flatMap((line) => {
      const event = JSON.parse(line) as SequencedEvent;
      return event.type === 'image' ? [event.image] : [];
    });
  }

  /** Counts a scan that ended among the finished ones, and deletes the oldest past the bound. */
  async retire(id: string): Promise<number> {
    if (!this.finished) return 0;
    const { maxCount, maxBytes } = this.finished;
    return Number(
      await this.redis.eval(
        RETIRE,
        4,
        FINISHED.index,
        FINISHED.bytes,
        FINISHED.total,
        keys(id).meta,
        id,
        String(Date.now() - this.ttlMs),
        String(maxCount),
        String(maxBytes),
        KEY_PREFIX,
        ...KEY_SUFFIXES,
      ),
    );
  }

  /** Every key of a finished scan expires after the keep time. */
  async expire(id: string): Promise<void> {
    const seconds = Math.max(1, Math.ceil(this.ttlMs / 1000));
    const pipeline = this.redis.multi();
    for (const key of allKeys(id)) pipeline.expire(key, String(seconds));
    await pipeline.exec();
  }
}
