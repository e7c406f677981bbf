// The web client's build: `npm run build:web` → dist/web (index.html and hashed assets, each with
// a gzip twin the service sends to browsers that accept it). No CDN: everything is in the bundle.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** Writes `name.gz` beside every text file of the build (the server sends it when accepted). */
function precompress(): Plugin {
  return {
    name: 'offiziersskat:precompress',
    apply: 'build',
    // After the files are written: they are final then (vite rewrites chunks until generateBundle ends).
    async writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const path = join(options.dir!, name);
        await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  server: {
    // The engine, the strategies and the verifier live outside web/ and are imported, not copied.
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    // `npx vite --config web/vite.config.ts`: the client with live reload, the API of a service
    // running beside it (SKAT_API, default http://127.0.0.1:3000) behind the same origin.
    proxy: Object.fromEntries(['/v1', '/openapi.json', '/docs'].map((path) => [path, process.env.SKAT_API ?? 'http://127.0.0.1:3000'])),
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  plugins: [precompress()],
});
