// Writing a streamed answer straight to node:http's response (the event streams, the exports):
// a write the socket cannot take at once answers a promise of its drain, so a slow reader holds
// the writer back and a process keeps a message or two per stream in memory, not a growing queue.
// A socket that closes releases the writer too (the caller's loop then sees the client gone).
import type { ServerResponse } from 'node:http';
import type { StreamTap } from './env.ts';

/**
 * Answers undefined when the socket took the write at once (a commit writes to every stream of its
 * game: nothing to wait for then), else a promise of its drain or close.
 */
export function socketWriter(outgoing: ServerResponse, tap?: StreamTap): (text: string | Uint8Array) => Promise<void> | undefined {
  return (text) => {
    tap?.wrote(typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString());
    if (outgoing.write(text) || outgoing.destroyed) return undefined;
    return new Promise<void>((resolve) => {
      const go = () => (outgoing.off('drain', go), outgoing.off('close', go), resolve());
      outgoing.on('drain', go).on('close', go);
    });
  };
}
