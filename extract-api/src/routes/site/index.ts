import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checkRemotesManifest, REMOTE_FOLDERS, REMOTES_MANIFEST_PATH, type RemotesManifest } from 'shared-contracts';
import { pageHeaders } from './securityHeaders.ts';

export { contentSecurityPolicy, sendNosniffOnEveryAnswer } from './securityHeaders.ts';

type SiteOptions = { siteDir: string; remotesFile: string | undefined };

/** The embedded default: every remote is served by this process under /remotes/<folder>/. */
export function embeddedRemotesManifest(): RemotesManifest {
  return {
    remotes: Object.fromEntries(
      Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [name, `/remotes/${folder}/remoteEntry.js`]),
    ),
  };
}

async function readRemotesManifest(remotesFile: string | undefined): Promise<RemotesManifest> {
  if (!remotesFile) return embeddedRemotesManifest();
  const checked = checkRemotesManifest(JSON.parse(await readFile(remotesFile, 'utf8')));
  if (!checked.success) throw new Error(`${remotesFile} is not a remotes manifest: ${checked.error}`);
  return checked.data;
}

/**
 * Paths never served from the built apps: dotfiles and dot-folders (Vite's `.vite/manifest.json`)
 * and build reports (source maps, the federation plugin's stats, the bench's chunk report), which
 * describe the build to whoever asks and are read by no page.
 */
function isBuildMetadata(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return (
    /(^|[\\/])\./.test(decoded) || /\.map$/i.test(decoded) || /(^|[\\/])(mf-stats|chunk-packages)\.json$/i.test(decoded)
  );
}

// Hashed build assets never change; the entry points must be revalidated so a redeploy shows.
function setCacheHeaders(reply: { setHeader: (name: string, value: string) => unknown }, filePath: string) {
  const hashed = /[\\/]assets[\\/]/.test(filePath) && !/remoteEntry|mf-manifest/.test(filePath);
  reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Static hosting of the built shell and remotes, `/remotes.json`, and the single-page fallback.
 * Built apps must exist: `npm start` builds them first.
 */
export function siteRoutes({ siteDir, remotesFile }: SiteOptions): FastifyPluginAsync {
  return async (app) => {
    const shellDist = path.join(siteDir, 'shell', 'dist');
    const indexHtml = path.join(shellDist, 'index.html');
    if (!existsSync(indexHtml)) {
      throw new Error(
        `[extract-api] the site is not built: ${indexHtml} is missing. Run \`pnpm run build\` (npm start does).`,
      );
    }

    // Every page runs under a policy that names the origins of the remotes.json served with it.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      let manifest: RemotesManifest;
      try {
        manifest = await readRemotesManifest(remotesFile);
      } catch (error) {
        // The shell cannot read remotes.json either, so it shows every remote as down: no origin to allow.
        request.log.warn({ err: error }, 'remotes.json is unreadable: pages allow no remote origin');
        manifest = { remotes: {} };
      }
      reply.headers(pageHeaders(manifest));
      return payload;
    });

    // Read per request so an operator can repoint a remote by editing the file, without a restart.
    app.get(REMOTES_MANIFEST_PATH, async (_request, reply) => {
      const manifest = await readRemotesManifest(remotesFile);
      return reply.header('cache-control', 'no-cache').send(manifest);
    });

    for (const folder of Object.values(REMOTE_FOLDERS)) {
      const root = path.join(siteDir, folder, 'dist');
      if (!existsSync(root)) throw new Error(`[extract-api] remote ${folder} is not built: ${root} is missing.`);
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${folder}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        dotfiles: 'ignore',
        allowedPath: (pathname) => !isBuildMetadata(pathname),
      });
    }

    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: false,
      // The shell's dist holds its dev-time remotes.json, which the route above answers, and the
      // page, which sendIndex answers.
      globIgnore: [REMOTES_MANIFEST_PATH.slice(1), 'index.html'],
      index: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isBuildMetadata(pathname),
    });

    // Without ETag or Last-Modified: the page's policy follows remotes.json, which the file's
    // validators know nothing of, and a 304 would keep the policy the browser has cached.
    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', shellDist, { etag: false, lastModified: false });
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/index.html', (_request, reply) => sendIndex(reply));

    // Client-side routes (and unknown paths, which the shell answers with its not-found page).
    app.setNotFoundHandler((request, reply) => {
      const accept = request.headers.accept ?? '';
      const pathname = request.url.split('?')[0] ?? '';
      if (
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        // Not the shell's not-found page either: a refused file answers 404, whoever asks.
        !isBuildMetadata(pathname) &&
        accept.includes('text/html')
      ) {
        return sendIndex(reply);
      }
      return reply
        .code(404)
        .send({ success: false, error: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  };
}
