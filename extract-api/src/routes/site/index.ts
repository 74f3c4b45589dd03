import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checkRemotesManifest, REMOTE_FOLDERS, REMOTES_MANIFEST_PATH, type RemotesManifest } from 'shared-contracts';

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
      });
    }

    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: false,
      // The shell's dist holds its dev-time remotes.json; the route above answers that path.
      globIgnore: [REMOTES_MANIFEST_PATH.slice(1)],
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });

    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', shellDist);

    // Client-side routes (and unknown paths, which the shell answers with its not-found page).
    app.setNotFoundHandler((request, reply) => {
      const accept = request.headers.accept ?? '';
      if (request.method === 'GET' && !request.url.startsWith('/api/') && accept.includes('text/html')) {
        return sendIndex(reply);
      }
      return reply
        .code(404)
        .send({ success: false, error: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  };
}
