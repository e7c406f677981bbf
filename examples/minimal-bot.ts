// A minimal Offiziersskat bot on the project's client package (`@offiziersskat/client`, in
// packages/client; docs/bots.md says how to install it elsewhere). It joins an open game from the lobby (or opens one and waits),
// then plays a random legal move whenever it is its turn.
// Run two of them: `npx tsx examples/minimal-bot.ts http://127.0.0.1:3000` (twice).
import { pathToFileURL } from 'node:url';
import { createClient, playGame, type GameView } from '@offiziersskat/client';

export async function playOneGame(server: string, name = 'minimal-bot'): Promise<GameView> {
  // 1. A player: a guest identity and its token; this client sends it with every call.
  const guest = createClient({ baseUrl: server });
  const me = await guest.createPlayer(name);
  const client = guest.withToken(me.token);

  // 2. A game: take the free seat of an open game, or open one ourselves.
  const lobby = await client.listGames({ status: 'waiting' });
  const open = lobby.games.find((g) => !g.reservedFor || g.reservedFor === me.playerId);
  const view = open ? await client.joinGame(open.id) : await client.createGame({});

  // 3. Play until the end: on our turn a random legal move, sent with the version it was chosen
  //    at (a game that moved on answers 409 with its view, and we choose again); otherwise the
  //    client long-polls until the game moves on. Errors are ApiErrors with the service's code.
  return playGame(client, view, (v) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const view = await playOneGame(process.argv[2] ?? 'http://127.0.0.1:3000');
  console.log(`game ${view.id} finished: ${JSON.stringify(view.result?.scores)}`);
}
