// Every response the tests receive from a test service is checked against the committed
// openapi/openapi.json: the status is documented for the operation (method + path template),
// the content type is one it documents, and the body validates against that response's schema
// (JSON Schema 2020-12, ajv). So the document can no longer drift from the server.
//
// Every service of a test run checks its own answers (VALIDATE_RESPONSES=1, set by the vitest
// configs; src/platform/http/answer-validation.ts) and appends what does not match to the file of
// VALIDATE_RESPONSES_REPORT, one per test worker (setup.ts): that covers every client and every
// process. The clients here check too, so a test sees the mismatch at the call that got it: the
// supertest client of test/support/service.ts (`validated`) and the global fetch of every test
// worker (setup.ts: calls to a started test service only). An afterEach fails the test during
// which a mismatch was seen, even when the test itself caught the error.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import type request from 'supertest';
import { loadAnswerCheck } from '../../src/platform/http/answer-check.ts';

export { escapeMember } from '../../src/platform/http/answer-check.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The same check the service runs under VALIDATE_RESPONSES=1 (src/platform/http/answer-check.ts).
const check = await loadAnswerCheck();
export const { mismatchOf, streamMessageMismatchOf, schemaErrors, operationOf } = check;

// ------------------------------------------------------------------ mismatches, per test

const seen: string[] = [];

/** Records a mismatch (the afterEach of setup.ts fails the test with it) and returns an Error. */
export function mismatch(message: string): Error {
  seen.push(message);
  return new Error(`The answer does not match openapi/openapi.json: ${message}`);
}

/**
 * The mismatches seen since the last call: by this worker's clients, and reported by the services
 * (VALIDATE_RESPONSES=1) to the file of VALIDATE_RESPONSES_REPORT, wherever they ran.
 */
export function takeMismatches(): string[] {
  return [...seen.splice(0), ...takeReported()];
}

/** The lines the services appended to this worker's report file (which is emptied). */
function takeReported(): string[] {
  const file = process.env.VALIDATE_RESPONSES_REPORT;
  if (!file) return [];
  // Moved aside first: a service appending at the same moment starts a new file, and loses nothing.
  const taken = `${file}.taken`;
  let text: string;
  try {
    renameSync(file, taken);
    text = readFileSync(taken, 'utf8');
    rmSync(taken);
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `(reported by the service) ${JSON.parse(line) as string}`);
}

// ------------------------------------------------------------------ the clients

/** The origins of the test services started in this worker: only their answers are checked. */
const origins = new Set<string>();
export const watchOrigin = (url: string) => origins.add(new URL(url).origin);
export const unwatchOrigin = (url: string) => origins.delete(new URL(url).origin);

/**
 * The global fetch, checking the answers of the test services (streams: status and type). A
 * checked body is read here and handed on in a new Response (cheaper than a clone's tee).
 */
export function validatingFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!origins.has(new URL(url).origin)) return res;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const contentType = res.headers.get('content-type');
    if (contentType?.startsWith('text/event-stream') || method.toUpperCase() === 'HEAD') {
      const wrong = mismatchOf(method, url, { status: res.status, contentType, text: undefined });
      if (wrong) throw mismatch(wrong);
      return res;
    }
    const text = await res.text();
    const wrong = mismatchOf(method, url, { status: res.status, contentType, text });
    if (wrong) throw mismatch(wrong);
    const empty = [101, 204, 205, 304].includes(res.status);
    return new Response(empty ? null : text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

type Http = ReturnType<typeof request>;
type Test = ReturnType<Http['get']>;
type End = (err: Error | null, res: { status: number; headers: Record<string, string>; text: string; body: unknown } | undefined) => void;

/** A supertest client whose every answer is checked (the check runs after the test's `expect`s). */
export function validated(http: Http): Http {
  return new Proxy(http, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      const method = prop === 'del' ? 'delete' : prop;
      if (typeof value !== 'function' || typeof method !== 'string' || !METHODS.includes(method)) return value;
      return (url: string) => checked(value.call(target, url) as Test, method);
    },
  });
}

/** Runs the check when the request ends, before the test's callback or promise sees the answer. */
function checked(test: Test, method: string): Test {
  const end = test.end.bind(test) as (fn: End) => Test;
  (test as unknown as { end: (fn: End) => Test }).end = (fn: End) =>
    end((err, res) => {
      if (res && method !== 'head') {
        const url = (test as unknown as { url: string }).url;
        const wrong = mismatchOf(method, url, { status: res.status, contentType: res.headers['content-type'] ?? null, text: res.text ?? '' });
        if (wrong) return fn(err ? new Error(`${mismatch(wrong).message}\n(and: ${err.message})`) : mismatch(wrong), res);
      }
      fn(err, res);
    });
  return test;
}

/** The switch and this worker's report file, for a child process given an environment of its own. */
export function checkingEnv(): Record<string, string> {
  const { VALIDATE_RESPONSES, VALIDATE_RESPONSES_REPORT } = process.env;
  return { ...(VALIDATE_RESPONSES ? { VALIDATE_RESPONSES } : {}), ...(VALIDATE_RESPONSES_REPORT ? { VALIDATE_RESPONSES_REPORT } : {}) };
}
