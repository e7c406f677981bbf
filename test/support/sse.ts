// A tiny Server-Sent Events reader for tests: fetch + a line parser. Each message is checked
// against the stream's message schema in openapi/openapi.json (a mismatch fails the test).
import { mismatch, streamMessageMismatchOf } from './openapi.ts';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  let ended = false;
  const waiters: (() => void)[] = [];
  const poke = () => waiters.splice(0).forEach((w) => w());
  const pump = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const msg: SseMessage = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) msg.comment = line.slice(1).trim();
            else {
              const at = line.indexOf(':');
              const field = line.slice(0, at);
              const value = line.slice(at + 1).replace(/^ /, '');
              if (field === 'id' || field === 'event') msg[field] = value;
              if (field === 'data') msg.data = msg.data === undefined ? value : `${msg.data}\n${value}`;
            }
          }
          if (msg.data !== undefined) {
            const wrong = streamMessageMismatchOf(url, msg);
            if (wrong) mismatch(wrong);
          }
          messages.push(msg);
          poke();
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      poke();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    messages,
    get ended() {
      return ended;
    },
    /** Resolves when `pred` holds over the messages so far (or the stream ended). */
    async until(pred: (m: SseMessage[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred(messages) && !ended) {
        if (Date.now() > deadline) throw new Error(`SSE: condition not met; got ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close() {
      controller.abort();
      return pump;
    },
  };
}
