// An event stream whose reading fails (the database away mid-stream) ends, as at a shutdown (the
// client resumes with Last-Event-ID), and an error line of its request names the cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/platform/log.ts';
import { openSse } from '../support/sse.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  service = await startTestService({ log: jsonLogger('info', (line) => lines.push(JSON.parse(line))), timing: { heartbeatMs: 100 } });
});
afterAll(() => service?.close());

describe('an event stream', () => {
  it('whose reading fails ends, with a line that names the failure', async () => {
    const player = (await service.http.post('/v1/players').send({ name: 'Anna' }).expect(201)).body;
    const stream = await openSse(`${service.url}/v1/players/me/stream`, { Authorization: `Bearer ${player.token}`, 'X-Request-Id': 'stream-that-fails' });
    expect(stream.status).toBe(200);
    await stream.until((m) => m.some((x) => x.comment === 'heartbeat'));
    // After a heartbeat the stream reads the player's events again: that read fails.
    await service.database.query('alter table player_events rename to player_events_away');
    try {
      await stream.until(() => false);
      expect(stream.ended).toBe(true);
    } finally {
      await service.database.query('alter table player_events_away rename to player_events');
    }
    expect(lines.filter((l) => l.event === 'streamFailed')).toEqual([
      expect.objectContaining({ level: 'error', requestId: 'stream-that-fails', path: '/v1/players/me/stream', message: 'database error 42P01' }),
    ]);
    await stream.close();
  });
});
