// A small browser app that signs a person in with Offiziersskat (OAuth 2.0, PKCE) and shows their
// games. This file only serves its two files on a loopback port (a native app's redirect, RFC 8252:
// http on 127.0.0.1 is allowed, any port); everything else happens in the browser (app.js), which
// talks to the service directly: its token endpoint and API answer any origin.
//   npx tsx examples/oauth-web-app/server.ts http://127.0.0.1:3000      → open http://127.0.0.1:8400/
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

const FILES: Record<string, string> = { '/': 'index.html', '/callback': 'index.html', '/app.js': 'app.js' };

/** Serves the app on 127.0.0.1:`port` (0: any free port) for the service at `service`. */
export async function serveExample(service: string, port = 8400): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/config.json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ service: service.replace(/\/+$/, '') }));
    const file = FILES[path];
    if (!file) return void res.writeHead(404).end('not found');
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(await readFile(new URL(file, import.meta.url)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serveExample(process.argv[2] ?? 'http://127.0.0.1:3000', Number(process.argv[3] ?? 8400));
  console.log(`the example app: ${url}/`);
}
