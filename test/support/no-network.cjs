// Preloaded (node --require) into a tool the tests run that must work offline: any attempt to
// open a network connection or resolve a name is written to stderr and fails.
const net = require('node:net');
const dns = require('node:dns');
const refuse = (what) => {
  process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
  throw new Error(`no network in tests: ${what}`);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const [first] = args;
  const target = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  // Local IPC (a path) is no network.
  if (Array.isArray(first) ? first[0]?.path : target.path) return connect.apply(this, args);
  return refuse(`connect ${target.host ?? ''}:${target.port ?? ''}`);
};
dns.lookup = (host) => refuse(`dns lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`dns lookup ${host}`);
