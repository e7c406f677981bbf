// The app in the browser: the authorization code flow with PKCE, as docs/api.md ("Third-party
// apps") describes it step by step, in plain JavaScript (Web Crypto, fetch). The client package
// (@offiziersskat/client's `oauth`) does the same in a few calls.
const CLIENT_ID = 'Skat Stats';
const REDIRECT_URI = `${location.origin}/callback`;
const out = document.getElementById('out');
const { service } = await (await fetch('/config.json')).json();

const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const random = (n) => base64url(crypto.getRandomValues(new Uint8Array(n)));

/** 1. To the service's consent page, with a PKCE challenge and a state kept for the way back. */
async function signIn() {
  const verifier = random(32);
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = random(16);
  sessionStorage.setItem('pkce', JSON.stringify({ verifier, state }));
  const q = new URLSearchParams({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: 'read', state, code_challenge: challenge, code_challenge_method: 'S256' });
  location.assign(`${service}/oauth/authorize?${q}`);
}

/** 2. Back with a code: the state must be ours, then the code and the verifier buy the tokens. */
async function callback(params) {
  const kept = JSON.parse(sessionStorage.getItem('pkce') ?? 'null');
  sessionStorage.removeItem('pkce');
  history.replaceState(null, '', '/');
  if (!kept || params.get('state') !== kept.state) throw new Error('this sign-in was not started here');
  if (params.get('iss') !== service) throw new Error('the answer comes from another service');
  if (params.get('error')) throw new Error(`not approved: ${params.get('error')}`);
  const res = await fetch(`${service}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: params.get('code'), code_verifier: kept.verifier, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID }),
  });
  const tokens = await res.json();
  if (!res.ok) throw new Error(`${tokens.error}: ${tokens.error_description}`);
  // Kept for this tab only; the refresh token renews the access token after its hour.
  sessionStorage.setItem('tokens', JSON.stringify(tokens));
  return tokens;
}

/** 3. The API with the access token: who signed in, and their games. */
async function showGames(tokens) {
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  const me = await (await fetch(`${service}/v1/players/me`, { headers: auth })).json();
  const games = await (await fetch(`${service}/v1/players/me/games`, { headers: auth })).json();
  out.replaceChildren();
  const h2 = document.createElement('h2');
  h2.id = 'who';
  h2.textContent = `${me.name}’s games`;
  const list = document.createElement('ul');
  list.id = 'games';
  for (const g of games.entries) {
    const li = document.createElement('li');
    li.textContent = `${g.id}: ${g.status}`;
    list.append(li);
  }
  out.append(h2, list);
}

try {
  const params = new URLSearchParams(location.search);
  if (location.pathname === '/callback') await showGames(await callback(params));
  else if (sessionStorage.getItem('tokens')) await showGames(JSON.parse(sessionStorage.getItem('tokens')));
  else document.getElementById('sign-in').addEventListener('click', () => void signIn());
} catch (e) {
  const p = document.createElement('p');
  p.className = 'error';
  p.textContent = String(e.message ?? e);
  out.replaceChildren(p);
}
