// What the start log says of the address the service listens on: HOST as bound (every address for
// 0.0.0.0 or ::, which no browser opens) and a URL a person on this machine can open.
import { isIPv6 } from 'node:net';

export function listeningOn(host: string, port: number): { where: string; url: string } {
  if (host === '0.0.0.0') return { where: `every IPv4 address (0.0.0.0) port ${port}`, url: `http://127.0.0.1:${port}` };
  if (host === '::') return { where: `every address (::) port ${port}`, url: `http://localhost:${port}` };
  const shown = isIPv6(host) ? `[${host}]` : host;
  return { where: `${shown} port ${port}`, url: `http://${shown}:${port}` };
}
