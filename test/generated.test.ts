// The committed generated files are what the code generates now: the OpenAPI document from the
// routes (`npm run openapi`), and the client's types from that document (`npm run client:types`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../src/app/spec.ts';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The first line where two texts differ, for a message that says where to look. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  const at = line < 0 ? Math.min(a.length, b.length) : line;
  return `first difference at line ${at + 1}: committed ${JSON.stringify(a[at])}, generated ${JSON.stringify(b[at])}`;
}

/** openapi-typescript, as the codegen workspace installs it (with the TypeScript 5 it needs). */
async function openapiTypescript() {
  const require = createRequire(new URL('../tools/codegen/package.json', import.meta.url));
  const entry = require.resolve('openapi-typescript');
  return (await import(pathToFileURL(entry).href)) as {
    default: (schema: string) => Promise<unknown>;
    astToString: (ast: unknown) => string;
  };
}

describe('generated files', () => {
  it('openapi/openapi.json is what the routes render (run npm run openapi)', () => {
    const committed = read('openapi/openapi.json');
    const fresh = renderOpenApi();
    if (committed !== fresh) expect.fail(`openapi/openapi.json is stale: run npm run openapi (${firstDifference(committed, fresh)})`);
  });

  it('packages/client/src/generated/api-types.ts is what openapi-typescript makes of it (run npm run client:types)', async () => {
    const { default: generate, astToString } = await openapiTypescript();
    const fresh = astToString(await generate(renderOpenApi()));
    const committed = read('packages/client/src/generated/api-types.ts');
    // The CLI writes a banner before the types; compare what follows it.
    const body = committed.slice(committed.indexOf('export '));
    if (body !== fresh.slice(fresh.indexOf('export ')))
      expect.fail(`packages/client/src/generated/api-types.ts is stale: run npm run client:types (${firstDifference(body, fresh.slice(fresh.indexOf('export ')))})`);
  });
});
