import net from 'node:net';

/**
 * Which proxies in front of the server may name the client address (`X-Forwarded-For`): none, the
 * nearest `n` hops, or the proxies by address or range. Fastify takes each form as it is.
 */
export type TrustProxy = false | number | string[];

/**
 * The setting as Fastify takes it. A hop count becomes a function: Fastify reads a bare number as
 * "trust nothing" (a hop count cannot tell a proxy from a client that connects directly), so a
 * count is for servers reachable only through their proxies; address ranges hold either way.
 */
export function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** A setting the server cannot start with; the message says how to fix it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** proxy-addr's names for the reserved ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: unset, empty, `false` or `0` trusts no proxy; a whole number is how many
 * proxies stand in front (`1` behind one load balancer); otherwise a comma list of the proxies'
 * addresses or CIDR ranges (`10.0.0.0/8,fd00::/8`, or `loopback`, `linklocal`, `uniquelocal`).
 * `true` is refused: it would trust every hop, so any client could choose its own address (and
 * slip past the sign-in throttle) by sending `X-Forwarded-For`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text.toLowerCase() === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could choose its own address. ' +
        'Set TRUST_PROXY to the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) ' +
        'or to their addresses or ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.10).',
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 20) throw new ConfigError(`TRUST_PROXY=${text}: at most 20 proxy hops.`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${wrong.join(', ')} is not an IP address or CIDR range. ` +
        'Use a hop count (TRUST_PROXY=1) or a comma list of addresses and ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.10).',
    );
  return entries;
}
