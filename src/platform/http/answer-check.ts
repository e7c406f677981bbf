// An answer measured against the committed openapi/openapi.json: the status is documented for the
// operation (method + path template), the content type is one it documents, and the body
// validates against that response's schema (JSON Schema 2020-12, ajv); a stream's messages, one
// by one, against the message schema its stream schema names. Used by the service itself when
// VALIDATE_RESPONSES=1 (answer-validation.ts) and by the tests' clients (test/support/openapi.ts).
//
// ajv is a devDependency and is imported here only when a check is loaded: a production install
// (npm ci --omit=dev) runs the bundle as long as the switch is off. The switch is for test runs,
// where the devDependencies are there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
export interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Answer {
  status: number;
  contentType: string | null;
  /** The body as text (JSON parsed here); undefined when it was not read (a stream). */
  text: string | undefined;
}

/** One Server-Sent Events message as sent (its `data` still JSON text). */
export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
}

export interface AnswerCheck {
  /** What is wrong with an answer; null when nothing. */
  mismatchOf(method: string, url: string, answer: Answer): string | null;
  /** What is wrong with one message of a documented event stream; null when nothing. */
  streamMessageMismatchOf(url: string, message: StreamMessage): string | null;
  /** What is wrong with one line of a documented application/x-ndjson answer; null when nothing. */
  ndjsonLineMismatchOf(url: string, line: string): string | null;
  /** Why `value` fails the schema at `pointer` of the document (null: it is valid). */
  schemaErrors(pointer: string, value: unknown): string | null;
  /** The documented operation behind a method and a path, if there is one. */
  operationOf(method: string, pathname: string): { template: string; operation: Operation } | null;
}

const DOC_ID = 'https://offiziersskat.test/openapi.json';

/** The media type of the exports: one JSON value a line. */
const NDJSON = 'application/x-ndjson';

/** openapi/openapi.json of the repository: found upwards from this file (src/http or dist/). */
export function committedDocumentPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'openapi', 'openapi.json');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new Error('VALIDATE_RESPONSES: openapi/openapi.json not found above this module');
    dir = up;
  }
}

/** A JSON pointer's escaping of one member name. */
export const escapeMember = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** Non-operations the service serves: the document itself and the docs page. */
const SERVED_PAGES = /^\/(openapi\.json|docs(\/.*)?)$/;
/** The API's own namespaces: a path outside them that a GET reaches is the web client's (src/platform/http/web.ts). */
const API_PATHS = /^\/(v1|healthz|readyz|metrics|\.well-known)(\/|$)/;

/** The checks over a document (default: the committed one); compiles each schema on first use. */
export async function loadAnswerCheck(doc: Doc = JSON.parse(readFileSync(committedDocumentPath(), 'utf8')) as Doc): Promise<AnswerCheck> {
  const [{ Ajv2020 }, formats] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const ajv: Ajv2020 = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, validateFormats: true });
  // OpenAPI's keywords in schemas, and the document's own members, are annotations to ajv: the
  // whole document is one schema resource, so every `#/components/…` reference resolves in it.
  ajv.addVocabulary(['discriminator', 'example', 'xml', 'externalDocs', ...Object.keys(doc)]);
  // ajv-formats is CommonJS: its function is the default export (typed as the module itself).
  const addFormats = formats.default as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID }, undefined, undefined, false);
  return answerCheck(doc, ajv);
}

function answerCheck(doc: Doc, ajv: Ajv2020): AnswerCheck {
  const templates = Object.keys(doc.paths)
    .map((path) => ({
      path,
      re: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    // A literal segment wins over a parameter (`/v1/players/me` before `/v1/players/{id}`).
    .sort((a, b) => a.params - b.params);

  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string): ValidateFunction => {
    let v = validators.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      validators.set(pointer, v);
    }
    return v;
  };

  const schemaErrors = (pointer: string, value: unknown): string | null => {
    const validate = validatorAt(pointer);
    if (validate(value)) return null;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(value)'} ${e.message} (at ${e.schemaPath})`).join('; ');
  };

  const operationOf = (method: string, pathname: string) => {
    for (const t of templates) {
      if (!t.re.test(pathname)) continue;
      const operation = doc.paths[t.path]?.[method.toLowerCase()];
      if (operation) return { template: t.path, operation };
      // A path the document names literally is no value of another path's parameter, whatever
      // the method (the service answers its other methods 405: edge.ts, literalPaths).
      if (t.params === 0) return null;
    }
    return null;
  };

  const checkBody = (where: string, answer: Answer, expectedType: string, pointer: string, what: string): string | null => {
    const type = answer.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
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
  };

  const mismatchOf = (method: string, url: string, answer: Answer): string | null => {
    const pathname = new URL(url, 'http://test.invalid').pathname;
    const where = `${method.toUpperCase()} ${pathname} → ${answer.status} ${answer.contentType ?? '(no content type)'}`;
    const found = operationOf(method, pathname);
    if (!found) {
      if (method.toUpperCase() === 'OPTIONS' || SERVED_PAGES.test(pathname)) return null;
      // The web client's pages and assets (a refusal there is still a problem).
      const type = answer.contentType?.split(';')[0]?.trim().toLowerCase();
      if (['GET', 'HEAD'].includes(method.toUpperCase()) && !API_PATHS.test(pathname) && type !== 'application/problem+json') return null;
      // Anything else that is no operation is refused as a problem (404 NOT_FOUND, 413, 415).
      return checkBody(where, answer, 'application/problem+json', '/components/schemas/Problem', 'not an operation');
    }
    const { template, operation } = found;
    const opName = `${operation.operationId ?? '?'} (${method.toUpperCase()} ${template})`;
    const status = String(answer.status);
    const key = status in operation.responses ? status : `${status[0]}XX` in operation.responses ? `${status[0]}XX` : 'default';
    const documented = operation.responses[key];
    if (!documented) return `${where}: status ${answer.status} is not documented for ${opName} (documented: ${Object.keys(operation.responses).join(', ')})`;
    const content = documented.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) {
      return answer.text ? `${where}: ${opName} documents no body for ${answer.status}, got ${answer.text.slice(0, 100)}` : null;
    }
    const type = answer.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!types.includes(type)) return `${where}: ${opName} documents ${types.join(', ')} for ${answer.status}, got ${type || 'no content type'}`;
    if (type === 'text/event-stream') return null; // a stream: status and type here, its messages one by one
    if (type === NDJSON) {
      // Lines: each against the item schema (a streamed answer: status and type here, its lines one by one).
      if (answer.text === undefined) return null;
      for (const line of answer.text.split('\n')) {
        if (line === '') continue;
        const wrong = ndjsonLineMismatchOf(url, line);
        if (wrong) return `${where}: ${wrong}`;
      }
      return null;
    }
    if (!type.endsWith('json')) return null; // text (the metrics): its documented schema is a string
    const pointer = `/paths/${escapeMember(template)}/${method.toLowerCase()}/responses/${key}/content/${escapeMember(type)}/schema`;
    return checkBody(where, answer, type, pointer, opName);
  };

  const streamMessageMismatchOf = (url: string, message: StreamMessage): string | null => {
    const pathname = new URL(url, 'http://test.invalid').pathname;
    const found = operationOf('GET', pathname);
    const streamRef = found?.operation.responses['200']?.content?.['text/event-stream']?.schema?.$ref;
    if (!found || typeof streamRef !== 'string') return `GET ${pathname}: no documented event stream`;
    const stream = doc.components?.schemas?.[streamRef.split('/').at(-1) ?? ''];
    const messageRef = (stream?.contentSchema as { items?: { $ref?: string } } | undefined)?.items?.$ref;
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
  };

  function ndjsonLineMismatchOf(url: string, line: string): string | null {
    const pathname = new URL(url, 'http://test.invalid').pathname;
    const found = operationOf('GET', pathname);
    const streamRef = found?.operation.responses['200']?.content?.[NDJSON]?.schema?.$ref;
    if (!found || typeof streamRef !== 'string') return `GET ${pathname}: no documented ${NDJSON} answer`;
    const stream = doc.components?.schemas?.[streamRef.split('/').at(-1) ?? ''];
    const itemRef = (stream?.contentSchema as { items?: { $ref?: string } } | undefined)?.items?.$ref;
    if (!itemRef) return `GET ${pathname}: the ndjson schema ${streamRef} names no item schema`;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch {
      return `GET ${pathname}: a line that is not JSON: ${line.slice(0, 200)}`;
    }
    const wrong = schemaErrors(itemRef.slice(1), item);
    return wrong && `GET ${pathname}: the line ${line.slice(0, 300)} does not match ${itemRef}: ${wrong}`;
  }

  return { mismatchOf, streamMessageMismatchOf, ndjsonLineMismatchOf, schemaErrors, operationOf };
}
