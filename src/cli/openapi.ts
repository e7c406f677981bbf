// Writes openapi/openapi.json from the route definitions: `npm run openapi`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderOpenApi } from '../app/spec.ts';

const target = new URL('../../openapi/openapi.json', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, renderOpenApi());
process.stdout.write(`wrote ${target.pathname}\n`);
