// Writing a streamed answer straight to node:http's response (the event streams, the exports):
// each write resolves once the socket has taken it, so a slow reader holds the writer back and a
// process keeps one message per stream in memory, not a growing queue. A socket that closes
// releases the writer too (the caller's loop then sees the client gone).
import type { ServerResponse } from 'node:http';
import type { StreamTap } from './env.ts';

export function socketWriter(outgoing: ServerResponse, tap?: StreamTap): (text: string | Uint8Array) => Promise<void> {
  return (text) =>
    new Promise<void>((resolve) => {
      tap?.wrote(typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString());
      if (outgoing.write(text) || outgoing.destroyed) return resolve();
      const go = () => (outgoing.off('drain', go), outgoing.off('close', go), resolve());
      outgoing.on('drain', go).on('close', go);
    });
}
