// Writing a streamed answer straight to node:http's response (the event streams, the exports):
// each write resolves once the socket has taken it, so a slow reader holds the writer back and a
// process keeps one message per stream in memory, not a growing queue. A socket that closes
// releases the writer too (the caller's loop then sees the client gone).
import type { ServerResponse } from 'node:http';
import type { StreamTap } from './env.ts';

/** A write the socket took at once: one settled promise for all of them (a commit writes to every stream of its game). */
const TAKEN = Promise.resolve();

export function socketWriter(outgoing: ServerResponse, tap?: StreamTap): (text: string | Uint8Array) => Promise<void> {
  return (text) => {
    tap?.wrote(typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString());
    if (outgoing.write(text) || outgoing.destroyed) return TAKEN;
    return new Promise<void>((resolve) => {
      const go = () => (outgoing.off('drain', go), outgoing.off('close', go), resolve());
      outgoing.on('drain', go).on('close', go);
    });
  };
}
