// A minimal Offiziersskat bot: plain fetch, no dependencies. It joins an open game from the
// lobby (or opens one and waits), then plays a random legal move whenever it is its turn.
// Run two of them: `npx tsx examples/minimal-bot.ts http://127.0.0.1:3000` (twice).
import { pathToFileURL } from 'node:url';

type View = { id: string; version: number; status: string; you: string; toMove: string | null; legalMoves: object[]; result: any };

export async function playOneGame(server: string, name = 'minimal-bot'): Promise<View> {
  let token = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json(); // errors are application/problem+json: { code, detail, … }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.code}: ${json.detail}`);
    return json;
  };

  // 1. A player: a guest identity and its token, sent with every call from now on.
  const me = await call('POST', '/v1/players', { name });
  token = me.token;

  // 2. A game: take the free seat of an open game, or open one ourselves.
  const lobby = await call('GET', '/v1/games?status=waiting');
  const open = lobby.games.find((g: any) => !g.reservedFor || g.reservedFor === me.playerId);
  let view: View = open ? await call('POST', `/v1/games/${open.id}/join`) : await call('POST', '/v1/games', {});

  // 3. Play until the end: move on our turn, otherwise long-poll until the version passes ours.
  while (view.status !== 'finished') {
    if (view.toMove === view.you && view.legalMoves.length > 0) {
      const move = view.legalMoves[Math.floor(Math.random() * view.legalMoves.length)];
      view = (await call('POST', `/v1/games/${view.id}/moves`, { move, expectedVersion: view.version })).view;
    } else {
      view = await call('GET', `/v1/games/${view.id}?waitForVersion=${view.version}`);
    }
  }
  return view;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const view = await playOneGame(process.argv[2] ?? 'http://127.0.0.1:3000');
  console.log(`game ${view.id} finished: ${JSON.stringify(view.result.scores)}`);
}
