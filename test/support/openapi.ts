// Every response the tests receive from a test service is checked against the committed
// openapi/openapi.json: the status is documented for the operation (method + path template),
// the content type is one it documents, and the body validates against that response's schema
// (JSON Schema 2020-12, ajv). So the document can no longer drift from the server.
//
// Wired in three places: the supertest client of test/support/service.ts (`validated`), the
// global fetch of every test worker (test/support/setup.ts: calls to a started test service
// only), and an afterEach that fails the test during which a mismatch was seen, even when the
// test itself caught the error. Validators are compiled once per schema and kept.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type request from 'supertest';

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

const DOC_ID = 'https://offiziersskat.test/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let loaded: { doc: Doc; ajv: Ajv2020; templates: { path: string; re: RegExp; params: number }[] } | null = null;

function load() {
  if (loaded) return loaded;
  const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as Doc;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, validateFormats: true });
  // OpenAPI's keywords in schemas, and the document's own members, are annotations to ajv: the
  // whole document is one schema resource, so every `#/components/…` reference resolves in it.
  ajv.addVocabulary(['discriminator', 'example', 'xml', 'externalDocs', ...Object.keys(doc)]);
  const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID }, undefined, undefined, false);
  const templates = Object.keys(doc.paths)
    .map((path) => ({
      path,
      re: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    // A literal segment wins over a parameter (`/v1/players/me` before `/v1/players/{id}`).
    .sort((a, b) => a.params - b.params);
  loaded = { doc, ajv, templates };
  return loaded;
}

const validators = new Map<string, ValidateFunction>();
/** The validator of the schema at `pointer` in the document (compiled on first use). */
function validatorAt(pointer: string): ValidateFunction {
  let v = validators.get(pointer);
  if (!v) {
    v = load().ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    validators.set(pointer, v);
  }
  return v;
}

/** Why `value` fails the schema at `pointer` of the committed document (null: it is valid). */
export function schemaErrors(pointer: string, value: unknown): string | null {
  const validate = validatorAt(pointer);
  if (validate(value)) return null;
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(value)'} ${e.message} (at ${e.schemaPath})`).join('; ');
}

/** A JSON pointer's escaping of one member name. */
export const escape = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** The documented operation behind a method and a path, if there is one. */
export function operationOf(method: string, pathname: string): { template: string; operation: Operation } | null {
  const { doc, templates } = load();
  for (const t of templates) {
    if (!t.re.test(pathname)) continue;
    const operation = doc.paths[t.path][method.toLowerCase()];
    if (operation) return { template: t.path, operation };
  }
  return null;
}

/** Non-operations the service serves: the document itself and the docs page. */
const SERVED_PAGES = /^\/(openapi\.json|docs(\/.*)?)$/;
/** The API's own namespaces: a path outside them that a GET reaches is the web client's (src/http/web.ts). */
const API_PATHS = /^\/(v1|healthz|readyz|metrics|\.well-known)(\/|$)/;

export interface Answer {
  status: number;
  contentType: string | null;
  /** The body as text (JSON parsed here); undefined when it was not read (a stream). */
  text: string | undefined;
}

/** What is wrong with an answer, measured against the committed document; null when nothing. */
export function mismatchOf(method: string, url: string, answer: Answer): string | null {
  const pathname = new URL(url, 'http://test.invalid').pathname;
  const where = `${method.toUpperCase()} ${pathname} → ${answer.status} ${answer.contentType ?? '(no content type)'}`;
  const found = operationOf(method, pathname);
  if (!found) {
    if (method.toUpperCase() === 'OPTIONS' || SERVED_PAGES.test(pathname)) return null;
    // The web client's pages and assets (a refusal there is still a problem).
    const type = answer.contentType?.split(';')[0].trim().toLowerCase();
    if (['GET', 'HEAD'].includes(method.toUpperCase()) && !API_PATHS.test(pathname) && type !== 'application/problem+json') return null;
    // Anything else that is no operation is refused as a problem (404 NOT_FOUND, 413, 415).
    return checkBody(where, answer, 'application/problem+json', '/components/schemas/Problem', 'not an operation');
  }
  const { template, operation } = found;
  const opName = `${operation.operationId ?? '?'} (${method.toUpperCase()} ${template})`;
  const documented = operation.responses[String(answer.status)] ?? operation.responses[`${String(answer.status)[0]}XX`] ?? operation.responses.default;
  if (!documented) return `${where}: status ${answer.status} is not documented for ${opName} (documented: ${Object.keys(operation.responses).join(', ')})`;
  const content = documented.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) {
    return answer.text ? `${where}: ${opName} documents no body for ${answer.status}, got ${answer.text.slice(0, 100)}` : null;
  }
  const type = answer.contentType?.split(';')[0].trim().toLowerCase() ?? '';
  if (!types.includes(type)) return `${where}: ${opName} documents ${types.join(', ')} for ${answer.status}, got ${type || 'no content type'}`;
  if (type === 'text/event-stream') return null; // a stream: status and type only
  if (!type.endsWith('json')) return null; // text (the metrics): its documented schema is a string
  const pointer = `/paths/${escape(template)}/${method.toLowerCase()}/responses/${answer.status in operation.responses ? answer.status : Object.keys(operation.responses).find((k) => operation.responses[k] === documented)}/content/${escape(type)}/schema`;
  return checkBody(where, answer, type, pointer, opName);
}

function checkBody(where: string, answer: Answer, expectedType: string, pointer: string, what: string): string | null {
  const type = answer.contentType?.split(';')[0].trim().toLowerCase() ?? '';
  if (type !== expectedType) return `${where}: ${what}: expected ${expectedType}`;
  if (answer.text === undefined) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${where}: ${what}: the body is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const validate = validatorAt(pointer);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `  ${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''} (at ${e.schemaPath})`)
    .join('\n');
  return `${where}: the body does not match ${what}'s schema (#${pointer}):\n${errors}\nbody: ${answer.text.slice(0, 600)}`;
}

/**
 * What is wrong with one message of a documented event stream: the stream's schema names the
 * message schema (`contentSchema.items`), which the decoded message must match.
 */
export function streamMessageMismatchOf(url: string, message: { id?: string; event?: string; data?: string }): string | null {
  const pathname = new URL(url).pathname;
  const found = operationOf('GET', pathname);
  const streamRef = found?.operation.responses['200']?.content?.['text/event-stream']?.schema?.$ref;
  if (!found || typeof streamRef !== 'string') return `GET ${pathname}: no documented event stream`;
  const { doc } = load();
  const stream = (doc as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas[streamRef.split('/').at(-1)!];
  const messageRef = (stream.contentSchema as { items?: { $ref?: string } } | undefined)?.items?.$ref;
  if (!messageRef) return `GET ${pathname}: the stream schema ${streamRef} names no message schema`;
  let data: unknown;
  try {
    data = JSON.parse(message.data ?? '');
  } catch {
    return `GET ${pathname}: a message whose data is not JSON: ${JSON.stringify(message)}`;
  }
  const decoded = { ...(message.id !== undefined ? { id: message.id } : {}), event: message.event, data };
  const wrong = schemaErrors(messageRef.slice(1), decoded);
  return wrong && `GET ${pathname}: the message ${JSON.stringify(message).slice(0, 300)} does not match ${messageRef}: ${wrong}`;
}

// ------------------------------------------------------------------ mismatches, per test

const seen: string[] = [];

/** Records a mismatch (the afterEach of setup.ts fails the test with it) and returns an Error. */
export function mismatch(message: string): Error {
  seen.push(message);
  return new Error(`The answer does not match openapi/openapi.json: ${message}`);
}

/** The mismatches seen since the last call. */
export function takeMismatches(): string[] {
  return seen.splice(0);
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
