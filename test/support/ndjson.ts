// Reading an ndjson answer (an export) whole in a test: 200, its media type, every line ended and parsed.
import type { Test } from 'supertest';
import { expect } from 'vitest';

export async function ndjsonLines(request: Test): Promise<unknown[]> {
  const res = await request.buffer(true).parse((r, done) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (text += c));
    r.on('end', () => done(null, text));
  });
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const text = res.body as string;
  expect(text === '' || text.endsWith('\n'), 'the last line ends').toBe(true);
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}
