// A local identity provider for tests: serves a JWKS on 127.0.0.1 and counts the fetches.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

export async function serveJwks(keys: JWK[], path = '/.well-known/jwks.json'): Promise<{ server: Server; url: string; fetches: () => number }> {
  let fetches = 0;
  const server = createServer((req, res) => {
    fetches++;
    if (req.url !== path) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}${path}`, fetches: () => fetches };
}
