// The bots' node:http transport over a connection that is accepted and never answered (what a
// worker killed in node:cluster's hand-over leaves): each attempt ends in time and lets its socket go.
import net from 'node:net';
import { readEventStream, TimeoutError, timedFetch } from '@offiziersskat/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch, PlainRequest } from '../../src/cli/transport.ts';

let server: net.Server;
let url: string;
const closed: number[] = [];
beforeAll(async () => {
  let connections = 0;
  server = net.createServer((socket) => {
    const i = connections++;
    socket.on('data', (data) => {
      // A stream request: its headers and one event, then silence.
      if (data.toString().includes('text/event-stream')) {
        const event = 'id: 1\nevent: cut\ndata: 0\n\n';
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n${event.length.toString(16)}\r\n${event}\r\n`);
      }
    });
    socket.on('close', () => closed.push(i));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => server.close());

const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the bots’ transport and a silent connection', () => {
  it('gives an unanswered request up after the limit and closes its socket', async () => {
    const send = timedFetch(keepAliveFetch(), (r, signal) => new PlainRequest(r, { signal }), 100);
    const before = closed.length;
    const error = await send(new PlainRequest(`${url}/v1/games/g1`, { method: 'POST', body: '{}' })).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.code).toBe('ETIMEDOUT');
    await until(() => closed.length > before);
    expect(closed.length).toBe(before + 1);
  });

  it('drops a stream that falls silent and connects again, resuming after the last event', async () => {
    const fetch = timedFetch(keepAliveFetch(), (r, signal) => new PlainRequest(r, { signal }), 1_000);
    const seen: string[] = [];
    const resumed: (string | null)[] = [];
    for await (const m of readEventStream({
      url: `${url}/v1/games/g1/stream`,
      fetch: ((r: PlainRequest) => (resumed.push(r.headers.get('last-event-id')), fetch(r))) as never,
      Request: PlainRequest as never,
      idleMs: 100,
      clock: { sleep: async () => {}, random: () => 0, now: () => 0 },
    })) {
      seen.push(`${m.id}:${m.event}`);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(['1:cut', '1:cut']);
    expect(resumed).toEqual([null, '1']);
  });
});
