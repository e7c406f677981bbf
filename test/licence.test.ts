// One licence per part, said the same way everywhere: the service under the GNU AGPL 3.0 or later
// (LICENSE, package.json, the OpenAPI document's info.license), the client package under MIT
// (its LICENSE and package.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../src/app/spec.ts';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const json = (path: string) => JSON.parse(read(path));

describe('licences', () => {
  it('the service: AGPL-3.0-or-later in LICENSE, package.json, the lockfile and the OpenAPI document', () => {
    const text = read('LICENSE');
    expect(text.startsWith('GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3, 19 November 2007')).toBe(true);
    // The whole text, through its last section and the "How to Apply" appendix.
    expect(text).toContain('17. Interpretation of Sections 15 and 16.');
    expect(text).toContain('END OF TERMS AND CONDITIONS');
    expect(json('package.json').license).toBe('AGPL-3.0-or-later');
    expect(json('package-lock.json').packages[''].license).toBe('AGPL-3.0-or-later');
    const license = { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' };
    expect(json('openapi/openapi.json').info.license).toEqual(license);
    expect(JSON.parse(renderOpenApi()).info.license).toEqual(license);
  });

  it('the client package: MIT in its LICENSE, package.json and the lockfile, and shipped in its tarball', () => {
    const text = read('packages/client/LICENSE');
    expect(text.startsWith('MIT License\n\nCopyright (c) ')).toBe(true);
    expect(text).toContain('Permission is hereby granted, free of charge');
    const manifest = json('packages/client/package.json');
    expect(manifest.license).toBe('MIT');
    expect(manifest.files).toContain('LICENSE');
    expect(json('package-lock.json').packages['packages/client'].license).toBe('MIT');
  });
});
