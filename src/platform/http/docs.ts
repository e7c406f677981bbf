// The rendered API documentation at /docs: Swagger UI from the installed swagger-ui-dist package,
// every asset served by the service itself (no CDN: the page works without internet). The
// package's files live under a path with its version, so they may be cached for good; the page
// and its initializer (a served script, not an inline one) are revalidated.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { ProblemError } from './problems.ts';

const require = createRequire(import.meta.url);
const PACKAGE_JSON = require.resolve('swagger-ui-dist/package.json');
const DIST = dirname(PACKAGE_JSON);
const VERSION = (require(PACKAGE_JSON) as { version: string }).version;

/** Where the package's files are served; the version in the path makes them immutable. */
export const DOCS_ASSETS = `/docs/assets/swagger-ui-${VERSION}`;

/** The files of swagger-ui-dist the page uses (and the stylesheet's source map), by type. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Offiziersskat API</title>
    <link rel="stylesheet" type="text/css" href="${DOCS_ASSETS}/swagger-ui.css">
    <link rel="stylesheet" type="text/css" href="${DOCS_ASSETS}/index.css">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui" data-url="/openapi.json"></div>
    <script src="${DOCS_ASSETS}/swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="/docs/init.js" charset="utf-8"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the document named by the page's data-url. */
const INIT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    domNode: root,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const cache = new Map<string, Promise<Buffer>>();
const asset = (name: string) => {
  let file = cache.get(name);
  if (!file) {
    file = readFile(join(DIST, name));
    file.catch(() => cache.delete(name));
    cache.set(name, file);
  }
  return file;
};

export function docsPages(): Hono<AppEnv> {
  const docs = new Hono<AppEnv>();
  docs.get('/docs', (c) => c.html(PAGE, 200, { 'Cache-Control': 'no-cache' }));
  docs.get('/docs/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  docs.get(`${DOCS_ASSETS}/:file`, async (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) throw new ProblemError('NOT_FOUND', 'no such route');
    const body = await asset(name);
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  return docs;
}
