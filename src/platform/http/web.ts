// The web client's static files (dist/web, built by `npm run build`): `/` and the client's own
// routes (`/play/…`, `/replay/…`, `/account`, `/leaderboard/…`, `/players/…`) answer index.html
// (no-cache: a new build is seen at once), `/assets/…` the hashed files (cached for a year,
// immutable), gzip-precompressed twins to browsers that accept them. The client talks to the
// public API like any third party; nothing here touches `/v1`, `/openapi.json`, `/docs`,
// `/healthz`, `/readyz` or `/.well-known`.
// Without a build (tests that run from the sources) these routes answer a 404 problem that says
// how to build. Any other path a browser asks for as a page answers the client's not-found page
// with status 404 (web-not-found.ts).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import type { App } from './env.ts';
import { ProblemError } from './problems.ts';
import { notFoundPage, pageLanguage, wantsPage } from './web-not-found.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Where the build is: beside the bundle (dist/main.js → dist/web), or dist/web from the sources. */
function findRoot(): string | null {
  const candidates = [new URL('./web/', import.meta.url), new URL('../../../dist/web/', import.meta.url)].map((u) => fileURLToPath(u));
  return candidates.find((dir) => existsSync(`${dir}index.html`)) ?? null;
}

/** One path segment of a built file: no traversal, nothing hidden. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** `root`: the build's folder (default: found at the first request that finds one). */
export function mountWebClient(app: App, root?: string): void {
  let found = root ? root.replace(/\/?$/, '/') : null;

  const send = async (c: Context, file: string, cache: string) => {
    const dir = (found ??= findRoot());
    if (!dir) throw notBuilt();
    const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
    const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
    const body = (gzip ? await readFile(`${dir}${file}.gz`).catch(() => null) : null) ?? (await readFile(`${dir}${file}`).catch(() => null));
    if (body === null) {
      if (file === 'index.html') throw notBuilt();
      throw new ProblemError('NOT_FOUND', 'no such file');
    }
    const zipped = gzip && body[0] === 0x1f && body[1] === 0x8b;
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cache, Vary: 'Accept-Encoding', 'X-Content-Type-Options': 'nosniff' };
    if (zipped) headers['Content-Encoding'] = 'gzip';
    return c.body(new Uint8Array(body), 200, headers);
  };

  // One catch-all GET that answers the client's own paths and passes every other request on: the
  // API's route table stays exactly the OpenAPI document (routes registered before it answer first).
  app.get('/*', async (c, next) => {
    const path = c.req.path;
    if (path === '/' || CLIENT_PATH.test(path)) return send(c, 'index.html', 'no-cache');
    const asset = ASSET_PATH.exec(path);
    if (asset) {
      if (!SAFE_NAME.test(asset[1])) throw new ProblemError('NOT_FOUND', 'no such file');
      return send(c, `assets/${asset[1]}`, 'public, max-age=31536000, immutable');
    }
    // A mistyped path in a browser: the client's own not-found page (404); API clients go on to the problem.
    if (wantsPage(c)) {
      const dir = (found ??= findRoot());
      const index = dir ? await readFile(`${dir}index.html`, 'utf8').catch(() => null) : null;
      if (index !== null)
        return c.body(notFoundPage(index, pageLanguage(c)), 404, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache', Vary: 'Accept, Accept-Language', 'X-Content-Type-Options': 'nosniff' });
    }
    await next();
  });
}

/** The client's routes: the table (and a match), the replay viewer, the account, leaderboards, players' pages, tournaments, the rules' terms, an app's consent and the device page. */
const CLIENT_PATH = /^\/(play|replay|account|leaderboard|players|tournaments|device|rules|oauth\/authorize)(\/|$)/;
const ASSET_PATH = /^\/assets\/([^/]+)$/;

const notBuilt = () => new ProblemError('WEB_CLIENT_NOT_BUILT', 'the web client is not built here: run `npm run build` (it writes dist/web)');
