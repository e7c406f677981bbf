// VALIDATE_RESPONSES=1: the service checks every answer it sends, and every message of every
// event stream, against the committed openapi/openapi.json (answer-check.ts), whoever the client
// is: a test's supertest or fetch, a bot over node:http, Chromium, curl, a worker thread. A
// mismatch is reported loudly: a line on stderr, and a line appended to the file named by
// VALIDATE_RESPONSES_REPORT (the test harness, test/support/setup.ts, turns it into a failure
// of the test during which it was written). The answer itself is sent unchanged.
//
// For test runs (vitest configs, .ci/run); it costs a copy of each JSON body and ajv (a
// devDependency, loaded only when the switch is on).
import { appendFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { type AnswerCheck, loadAnswerCheck, type StreamMessage } from './answer-check.ts';
import type { AppEnv } from './env.ts';
import { NDJSON } from './ndjson.ts';

/** The switch, as the environment sets it. */
export const validatingResponses = (env: NodeJS.ProcessEnv = process.env) => env.VALIDATE_RESPONSES === '1';

/** Reports one mismatch: stderr, and the harness's file when there is one. */
export function reportMismatch(message: string, env: NodeJS.ProcessEnv = process.env): void {
  const line = `VALIDATE_RESPONSES: an answer does not match openapi/openapi.json: ${message.replaceAll('\n', '\n  ')}\n`;
  process.stderr.write(line);
  const file = env.VALIDATE_RESPONSES_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(message)}\n`);
}

let loading: Promise<AnswerCheck> | undefined;

/** The middleware: outermost, so it sees the answer as it leaves (refusals and errors included). */
export function validateResponses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const checking = (loading ??= loadAnswerCheck());
    // A stream the handler writes to the socket itself (sse.ts, ndjson.ts) passes its head and text here.
    let direct: string | null = null;
    if (c.req.method === 'GET') {
      let take: (text: string) => void = () => {};
      c.set('streamTap', {
        opened: (contentType = 'text/event-stream') => {
          direct = contentType;
          take = contentType === NDJSON ? lineChecker(checking, c.req.url) : messageChecker(checking, c.req.url);
        },
        wrote: (text) => take(text),
      });
    }
    await next();
    const check = await checking;
    if (direct) {
      const wrong = check.mismatchOf('GET', c.req.url, { status: 200, contentType: direct, text: undefined });
      if (wrong) reportMismatch(wrong);
      return;
    }
    const res = c.res;
    const contentType = res.headers.get('content-type');
    // HEAD is answered by the GET route, without the body: checked as that GET's status and type.
    const head = c.req.method === 'HEAD';
    const method = head ? 'GET' : c.req.method;
    const url = c.req.url;
    if (contentType?.startsWith('text/event-stream') || contentType?.startsWith(NDJSON)) {
      const wrong = check.mismatchOf(method, url, { status: res.status, contentType, text: undefined });
      if (wrong) reportMismatch(wrong);
      const ndjson = contentType.startsWith(NDJSON);
      if (res.body && !head) c.res = new Response(res.body.pipeThrough(checkedText(ndjson ? lineChecker(Promise.resolve(check), url) : messageChecker(Promise.resolve(check), url))), res);
      return;
    }
    // JSON is read (a copy); other types (the web client's files, metrics text) only by status and type.
    const readable = !head && (contentType === null || /json/i.test(contentType));
    const text = readable ? await res.clone().text() : undefined;
    const wrong = check.mismatchOf(method, url, { status: res.status, contentType, text });
    if (wrong) reportMismatch(wrong);
  };
}

/** Passes the stream on as it is, handing its text to `take` (which checks each complete message or line). */
function checkedText(take: (text: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  return new TransformStream({
    transform(chunk, controller) {
      take(decoder.decode(chunk, { stream: true }));
      controller.enqueue(chunk);
    },
  });
}

/** Checks each complete line of an ndjson answer's text against the schema of one item, in order. */
function lineChecker(checking: Promise<AnswerCheck>, url: string): (text: string) => void {
  let pending = '';
  const take = (check: AnswerCheck, text: string) => {
    pending += text;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line !== '') {
        const wrong = check.ndjsonLineMismatchOf(url, line);
        if (wrong) reportMismatch(wrong);
      }
      end = pending.indexOf('\n');
    }
  };
  return (text) => void checking.then((check) => take(check, text));
}

/** Checks each complete message of a stream's text, in the order written (once the check is loaded). */
function messageChecker(checking: Promise<AnswerCheck>, url: string): (text: string) => void {
  let pending = '';
  const take = (check: AnswerCheck, text: string) => {
    pending += text;
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const message = parseMessage(pending.slice(0, end));
      pending = pending.slice(end + 2);
      if (message) {
        const wrong = check.streamMessageMismatchOf(url, message);
        if (wrong) reportMismatch(wrong);
      }
      end = pending.indexOf('\n\n');
    }
  };
  // Promise callbacks run in the order they were added: the messages are checked in order.
  return (text) => void checking.then((check) => take(check, text));
}

/** One block of `field: value` lines; null when it carries no data (a comment, a retry hint). */
export function parseMessage(block: string): StreamMessage | null {
  const message: StreamMessage = {};
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
  }
  if (data.length === 0) return null;
  message.data = data.join('\n');
  return message;
}
