import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createGuardedAgent } from '../../src/services/safeFetch/dispatcher.ts';
import {
  checkAddress,
  createSafeFetcher,
  type Resolve,
  type ResolvedAddress,
  readBuffer,
  readText,
  SafeFetchError,
  type SafeFetchErrorCode,
  type SafeFetcher,
  systemResolve,
  USER_AGENT,
} from '../../src/services/safeFetch/index.ts';

// Every server here listens on 127.0.0.1, and every other address must be refused before a socket
// is given one: `watchConnections` records each address net/tls is asked to connect to (IP-literal
// hosts, and every address a lookup hands a socket), so refused cases can assert it stays empty.

type Hit = { method: string; url: string; headers: IncomingHttpHeaders };
type TestServer = { origin: string; hits: Hit[]; close: () => Promise<void> };
type Handler = (req: IncomingMessage, res: ServerResponse, server: { origin: string }) => void;

const servers: TestServer[] = [];
const fetchers: SafeFetcher[] = [];

async function startServer(handler: Handler): Promise<TestServer> {
  const hits: Hit[] = [];
  const sockets = new Set<net.Socket>();
  const self = { origin: '' };
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res, self);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const started: TestServer = {
    origin: self.origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  servers.push(started);
  return started;
}

function fetcher(options: Parameters<typeof createSafeFetcher>[0]): SafeFetcher {
  const made = createSafeFetcher(options);
  fetchers.push(made);
  return made;
}

const FAKE_DNS: Record<string, ResolvedAddress[]> = {
  'private.test': [{ address: '10.0.0.5', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'mapped.test': [{ address: '::ffff:10.1.2.3', family: 6 }],
  'loop.test': [{ address: '127.0.0.1', family: 4 }],
};

/** Fake DNS for made-up names; `localhost` goes to the system resolver (/etc/hosts). */
const fakeResolve: Resolve = async (hostname) => {
  if (hostname === 'localhost') return systemResolve(hostname);
  const answer = FAKE_DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

type LookupCallback = (err: Error | null, address: string | { address: string }[], family?: number) => void;
type ConnectOptions = { host?: string; lookup?: (host: string, options: object, cb: LookupCallback) => void };

/** Records every address a socket is given: IP-literal hosts, and each address a lookup answers. */
function watchConnections(): string[] {
  const attempts: string[] = [];
  const wrap = (original: (options: ConnectOptions) => unknown) => (options: ConnectOptions) => {
    if (options.host && net.isIP(options.host) !== 0) attempts.push(options.host);
    const lookup = options.lookup;
    if (!lookup) return original(options);
    return original({
      ...options,
      lookup: (host, lookupOptions, cb) =>
        lookup(host, lookupOptions, (err, address, family) => {
          if (!err) {
            for (const one of Array.isArray(address) ? address : [{ address }]) attempts.push(one.address);
          }
          cb(err, address, family);
        }),
    });
  };
  const realNet = net.connect as unknown as (options: ConnectOptions) => unknown;
  const realTls = tls.connect as unknown as (options: ConnectOptions) => unknown;
  vi.spyOn(net, 'connect').mockImplementation(wrap(realNet) as never);
  vi.spyOn(tls, 'connect').mockImplementation(wrap(realTls) as never);
  return attempts;
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error('expected a SafeFetchError, got success');
}

async function expectCode(promise: Promise<unknown>, code: SafeFetchErrorCode): Promise<SafeFetchError> {
  const error = await failure(promise);
  expect(error.code, `${error.code}: ${error.detail ?? error.message}`).toBe(code);
  return error;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(fetchers.splice(0).map((made) => made.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('safeFetch: refused addresses (loopback not allowed)', () => {
  let attempts: string[];
  beforeEach(() => {
    attempts = watchConnections();
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://100.100.100.200/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'https://[64:ff9b::a00:1]/',
    'http://localhost/',
    'http://private.test/',
    'http://mixed.test/',
    'http://metadata.test/',
    'http://mapped.test/',
    'https://private.test/',
  ])('should refuse %s before connecting', async (url) => {
    const { fetch } = fetcher({ resolve: fakeResolve });
    const error = await expectCode(fetch(url, { kind: 'html' }), 'blocked-address');
    expect(error.message).toMatch(/which (the extractor|it) (does not fetch|never fetches)/);
    expect(attempts).toEqual([]);
  });

  it('should refuse the loopback test server itself', async () => {
    const server = await startServer((_req, res) => res.end('secret'));
    const { fetch } = fetcher({ resolve: fakeResolve });
    await expectCode(fetch(server.origin, { kind: 'html' }), 'blocked-address');
    expect(server.hits).toHaveLength(0);
    expect(attempts).toEqual([]);
  });

  it('should refuse an IP-literal host in the connector too, without the pre-check', async () => {
    const server = await startServer((_req, res) => res.end('secret'));
    const agent = createGuardedAgent({
      policy: { allowLoopback: false },
      resolve: fakeResolve,
      connectTimeoutMs: 1000,
    });
    try {
      await expectCode(request(server.origin, { dispatcher: agent }), 'blocked-address');
      await expectCode(request('http://10.0.0.1/', { dispatcher: agent }), 'blocked-address');
      await expectCode(request('http://private.test/', { dispatcher: agent }), 'blocked-address');
    } finally {
      await agent.close();
    }
    expect(server.hits).toHaveLength(0);
    expect(attempts).toEqual([]);
  });
});

describe('safeFetch: schemes and addresses', () => {
  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'data:text/html,hi', 'javascript:alert(1)'])(
    'should refuse %s as bad-scheme',
    async (url) => {
      const { fetch } = fetcher({ resolve: fakeResolve });
      await expectCode(fetch(url, { kind: 'html' }), 'bad-scheme');
    },
  );

  it('should refuse what is not a web address, and addresses with credentials', async () => {
    const { fetch } = fetcher({ resolve: fakeResolve });
    await expectCode(fetch('not a url', { kind: 'html' }), 'bad-url');
    await expectCode(fetch('http://user:secret@loop.test/', { kind: 'html' }), 'bad-url');
  });
});

describe('safeFetch: with loopback allowed', () => {
  let attempts: string[];
  beforeEach(() => {
    attempts = watchConnections();
  });

  it('should fetch from a loopback server, sending the product User-Agent', async () => {
    const server = await startServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<p>héllo</p>');
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/page`, { kind: 'html', headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.origin}/page`);
    expect(await readText(response)).toBe('<p>héllo</p>');
    expect(server.hits[0]?.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^ImageExtractor\/\S+ \(\+https:\/\//);
    expect(server.hits[0]?.headers.accept).toBe('text/html');
    expect(attempts).toEqual(['127.0.0.1']);
  });

  it('should connect to the address the (fake) DNS validated', async () => {
    const server = await startServer((req, res) => res.end(req.headers.host));
    const port = new URL(server.origin).port;
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`http://loop.test:${port}/`, { kind: 'html' });
    expect(await readText(response)).toBe(`loop.test:${port}`);
    expect(attempts).toEqual(['127.0.0.1']);
  });

  it.each([
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:10.0.0.1]/',
    'http://private.test/',
    'http://mixed.test/',
    'http://metadata.test/',
  ])('should still refuse %s', async (url) => {
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    await expectCode(fetch(url, { kind: 'html' }), 'blocked-address');
    expect(attempts).toEqual([]);
  });

  it('should refuse a redirect to http://169.254.169.254/ on the redirect hop', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const error = await expectCode(fetch(`${server.origin}/go`, { kind: 'html' }), 'blocked-address');
    expect(error.url).toBe('http://169.254.169.254/latest/meta-data/');
    expect(error.message).toMatch(/cloud metadata/);
    expect(server.hits).toHaveLength(1);
    expect(attempts).toEqual(['127.0.0.1']);
  });

  it('should refuse a redirect to a name that resolves to a private address, and to ftp:', async () => {
    const server = await startServer((req, res) => {
      const location = req.url === '/to-private' ? 'http://private.test/admin' : 'ftp://example.com/x';
      res.writeHead(301, { location }).end();
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    await expectCode(fetch(`${server.origin}/to-private`, { kind: 'html' }), 'blocked-address');
    await expectCode(fetch(`${server.origin}/to-ftp`, { kind: 'html' }), 'bad-scheme');
    expect(attempts.every((address) => address === '127.0.0.1')).toBe(true);
  });

  it('should follow redirects and report the final URL', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/a') res.writeHead(301, { location: '/b' }).end();
      else if (req.url === '/b') res.writeHead(307, { location: `http://loop.test:${port}/c?x=1` }).end();
      else res.end(`final ${req.url}`);
    });
    const port = new URL(server.origin).port;
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/a`, { kind: 'html' });
    expect(response.url).toBe(`http://loop.test:${port}/c?x=1`);
    expect(response.redirects).toEqual([`${server.origin}/a`, `${server.origin}/b`]);
    expect(await readText(response)).toBe('final /c?x=1');
  });

  it('should stop a redirect loop after 5 redirects', async () => {
    const server = await startServer((_req, res) => res.writeHead(302, { location: '/loop' }).end());
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const error = await expectCode(fetch(`${server.origin}/loop`, { kind: 'html' }), 'too-many-redirects');
    expect(server.hits).toHaveLength(6);
    expect(error.message).toMatch(/more than 5 times/);
  });

  it('should check the address again on each new connection (DNS rebinding)', async () => {
    const server = await startServer((_req, res) => res.writeHead(200, { connection: 'close' }).end('ok'));
    const port = new URL(server.origin).port;
    const answers: ResolvedAddress[][] = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.5', family: 4 }]];
    const rebinding: Resolve = async () => answers.shift() ?? [];
    const { fetch } = fetcher({ allowLoopback: true, resolve: rebinding });
    expect(await readText(await fetch(`http://rebind.test:${port}/`, { kind: 'html' }))).toBe('ok');
    await expectCode(fetch(`http://rebind.test:${port}/`, { kind: 'html' }), 'blocked-address');
    expect(server.hits).toHaveLength(1);
    expect(attempts).toEqual(['127.0.0.1']);
  });

  it('should refuse a body over the limit with too-large', async () => {
    const server = await startServer((_req, res) => {
      // Chunked: no Content-Length, so the limit is met while reading.
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(64 * 1024, 'a'));
      res.end();
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/robots.txt`, { kind: 'robots' });
    const error = await expectCode(readBuffer(response), 'too-large');
    expect(error.message).toMatch(/512 KB/);
  });

  it('should refuse a Content-Length over the limit before reading', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(3 * 1024 * 1024) });
      res.flushHeaders(); // and never send the body
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    await expectCode(fetch(`${server.origin}/style.css`, { kind: 'css' }), 'too-large');
    await expectCode(fetch(`${server.origin}/x`, { kind: 'html', maxBytes: 1024 }), 'too-large');
  });

  it('should bound a decompressed body (gzip bomb) by the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(11 * 1024 * 1024));
    const server = await startServer((req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      res.end(req.url === '/small' ? gzipSync('<p>zipped</p>') : bomb);
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const small = await fetch(`${server.origin}/small`, { kind: 'html' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(await readText(small)).toBe('<p>zipped</p>');
    expect(server.hits[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
    await expectCode(fetch(`${server.origin}/bomb`, { kind: 'html' }).then(readBuffer), 'too-large');
  });

  it('should time out on a server that never answers', async () => {
    const server = await startServer(() => undefined);
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const started = Date.now();
    const error = await expectCode(fetch(server.origin, { kind: 'html', timeouts: { headersMs: 200 } }), 'timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.message).toMatch(/too long/);
    await expectCode(fetch(server.origin, { kind: 'html', timeouts: { totalMs: 200 } }), 'timeout');
  });

  it('should time out on a body that stalls or never ends', async () => {
    const server = await startServer((_req, res) => {
      res.write('start');
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const idle = await fetch(server.origin, { kind: 'html', timeouts: { idleMs: 200 } });
    await expectCode(readBuffer(idle), 'timeout');
    const total = await fetch(server.origin, { kind: 'html', timeouts: { totalMs: 300 } });
    await expectCode(readBuffer(total), 'timeout');
  });

  it('should not crash when a body left unread fails later', async () => {
    const server = await startServer((_req, res) => {
      res.write('start');
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(server.origin, { kind: 'html', timeouts: { totalMs: 100 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(response.body.destroyed).toBe(true);
    await expectCode(readBuffer(response), 'timeout');
  });

  it('should send Range and pass a 206 through', async () => {
    const file = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const server = await startServer((req, res) => {
      const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (!match) return res.end(file);
      const start = Number(match[1]);
      const end = match[2] ? Number(match[2]) : file.length - 1;
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-type': 'image/png' });
      res.end(file.subarray(start, end + 1));
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/img.png`, { kind: 'image', range: { start: 10, end: 19 } });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 10-19/1000');
    expect(await readBuffer(response)).toEqual(file.subarray(10, 20));
    expect(server.hits[0]?.headers.range).toBe('bytes=10-19');
    expect(server.hits[0]?.headers['accept-encoding']).toBe('identity');
  });

  it('should answer HEAD without reading a body, whatever its Content-Length', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(100 * 1024 * 1024), 'content-type': 'image/jpeg' }).end();
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/big.jpg`, { kind: 'image', method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(String(100 * 1024 * 1024));
    expect((await readBuffer(response)).length).toBe(0);
    expect(server.hits[0]?.method).toBe('HEAD');
  });

  it('should stop with aborted when the signal fires', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/slow-body') res.write('start');
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });

    const waiting = new AbortController();
    const pending = fetch(server.origin, { kind: 'html', signal: waiting.signal });
    setTimeout(() => waiting.abort(), 50);
    const error = await expectCode(pending, 'aborted');
    expect(error.message).toBe('The request was cancelled.');

    const reading = new AbortController();
    const response = await fetch(`${server.origin}/slow-body`, { kind: 'html', signal: reading.signal });
    setTimeout(() => reading.abort(), 50);
    await expectCode(readBuffer(response), 'aborted');

    const hitsBefore = server.hits.length;
    await expectCode(fetch(server.origin, { kind: 'html', signal: AbortSignal.abort() }), 'aborted');
    expect(server.hits.length).toBe(hitsBefore);
  });

  it('should turn a non-2xx answer into http-status, unless asked not to', async () => {
    const server = await startServer((_req, res) => res.writeHead(404).end('missing'));
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const error = await expectCode(fetch(`${server.origin}/robots.txt`, { kind: 'robots' }), 'http-status');
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/HTTP 404/);
    const response = await fetch(`${server.origin}/robots.txt`, { kind: 'robots', throwHttpErrors: false });
    expect(response.status).toBe(404);
    expect(await readText(response)).toBe('missing');
  });

  it('should decode text with the charset the Content-Type names', async () => {
    const server = await startServer((_req, res) => {
      res.setHeader('content-type', 'text/css; charset=ISO-8859-1');
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
    });
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    expect(await readText(await fetch(server.origin, { kind: 'css' }))).toBe('café');
  });

  it('should stream a video body and refuse to read it whole', async () => {
    const server = await startServer((_req, res) => res.end(Buffer.alloc(4096, 1)));
    const { fetch } = fetcher({ allowLoopback: true, resolve: fakeResolve });
    const response = await fetch(`${server.origin}/clip.mp4`, { kind: 'video' });
    expect(response.maxBytes).toBe(Number.POSITIVE_INFINITY);
    await expect(readBuffer(response)).rejects.toBeInstanceOf(TypeError);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(4096);
  });
});

describe('checkAddress', () => {
  const open = { allowLoopback: false };
  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '64:ff9b::808:808', // NAT64 of a public address
  ])('should allow public %s', (address) => {
    expect(checkAddress(address, open)).toMatchObject({ allowed: true });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['64:ff9b::a00:1', 'nat64-private'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['::', 'unspecified'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['168.63.129.16', 'metadata'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0177.0.0.1', 'not-an-ip'],
    ['example.com', 'not-an-ip'],
  ])('should refuse %s (%s)', (address, reason) => {
    expect(checkAddress(address, open)).toMatchObject({ allowed: false, reason });
  });

  it('should widen to loopback only, and only when allowed', () => {
    const loopback = { allowLoopback: true };
    expect(checkAddress('127.0.0.1', loopback).allowed).toBe(true);
    expect(checkAddress('127.9.9.9', loopback).allowed).toBe(true);
    expect(checkAddress('::1', loopback).allowed).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', '0.0.0.0', '64:ff9b::7f00:1', 'fd00:ec2::254']) {
      expect(checkAddress(address, loopback).allowed, address).toBe(false);
    }
  });
});

describe('loadConfig: EXTRACT_API_ALLOW_LOOPBACK', () => {
  it('should keep loopback refused by default and allow it only with 1', () => {
    expect(loadConfig({}).allowLoopback).toBe(false);
    expect(loadConfig({ EXTRACT_API_ALLOW_LOOPBACK: '0' }).allowLoopback).toBe(false);
    expect(loadConfig({ EXTRACT_API_ALLOW_LOOPBACK: '1' }).allowLoopback).toBe(true);
    expect(() => loadConfig({ EXTRACT_API_ALLOW_LOOPBACK: 'yes' })).toThrow(/EXTRACT_API_ALLOW_LOOPBACK/);
  });
});
