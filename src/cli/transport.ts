// The bot runner's transport: openapi-fetch stays the typed client (paths, parameters, bodies,
// answers all typed from openapi/openapi.json), but its requests travel over node:http
// keep-alive sockets instead of the global fetch. Measured in `npm run bench:http`, undici's
// fetch with its WHATWG Request/Response/stream objects cost the bots about as much CPU per move
// as the whole server; sixty-four bots on one machine are a load generator, not a browser.
import http from 'node:http';
import https from 'node:https';

/** What openapi-fetch builds a request from (in place of the WHATWG Request). */
export class PlainRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;

  /** As WHATWG's: a URL and what to send, or another request with some of it changed (`init`). */
  constructor(input: string | PlainRequest, init: { method?: string; headers?: Headers | Record<string, string>; body?: unknown; signal?: AbortSignal | null } = {}) {
    const from = typeof input === 'string' ? undefined : input;
    const body = init.body ?? from?.body;
    if (body !== undefined && typeof body !== 'string') throw new TypeError('PlainRequest: only JSON text bodies');
    this.url = from?.url ?? (input as string);
    this.method = init.method ?? from?.method ?? 'GET';
    // The event-stream reader (packages/client/src/sse.ts) hands its headers as a record.
    const headers = init.headers ?? from?.headers;
    this.headers = headers instanceof Headers ? headers : new Headers(headers);
    this.body = body;
    this.signal = init.signal ?? from?.signal ?? undefined;
  }
}

/** The part of a Response that openapi-fetch and the bot runner read. */
export class PlainResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };

  constructor(
    readonly status: number,
    raw: http.IncomingHttpHeaders,
    private readonly text_: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = {
      get: (name) => {
        const v = raw[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
    };
  }

  async text(): Promise<string> {
    return this.text_;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.text_);
  }
}

/** The body reader of an event stream, as the client's reader (packages/client/src/sse.ts) uses it. */
interface ChunkReader {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
  cancel(): Promise<void>;
}

/**
 * An answer whose body is read as it arrives (`Accept: text/event-stream`): the part of a WHATWG
 * Response that the client's event-stream reader uses, over node:http's own stream.
 */
export class StreamedResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): ChunkReader; cancel(): Promise<void> };

  constructor(private readonly res: http.IncomingMessage) {
    this.status = res.statusCode ?? 0;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new PlainResponse(this.status, res.headers, '').headers;
    const cancel = async () => void res.destroy();
    this.body = {
      getReader: () => {
        const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        return {
          read: async () => {
            const next = await chunks.next();
            return next.done ? { done: true } : { done: false, value: next.value };
          },
          cancel,
        };
      },
      cancel,
    };
  }

  async text(): Promise<string> {
    let text = '';
    this.res.setEncoding('utf8');
    for await (const chunk of this.res) text += chunk;
    return text;
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/**
 * A fetch for openapi-fetch's `fetch` option, with `PlainRequest` as its `Request` option. A
 * request that accepts `text/event-stream` is answered as soon as its headers arrive, its body
 * read as it comes (StreamedResponse); every other answer is read whole first.
 */
export function keepAliveFetch(maxSockets = 512): (request: PlainRequest) => Promise<PlainResponse | StreamedResponse> {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets }),
    https: new https.Agent({ keepAlive: true, maxSockets }),
  };
  return (request) =>
    new Promise((resolve, reject) => {
      const secure = request.url.startsWith('https:');
      const streamed = request.headers.get('accept')?.includes('text/event-stream') ?? false;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[name] = value));
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const req = (secure ? https : http).request(
        request.url,
        { method: request.method, headers, agent: secure ? agents.https : agents.http, signal: request.signal },
        (res) => {
          if (streamed) return resolve(new StreamedResponse(res));
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(new PlainResponse(res.statusCode ?? 0, res.headers, text)));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(request.body);
    });
}
