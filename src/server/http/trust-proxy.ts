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

/** proxy-addr's names for the reserved ranges, and the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.1/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function isAddressOrRange(entry: string): boolean {
  if (Object.hasOwn(NAMED_RANGES, entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The entries of the comma list of addresses and CIDR ranges in variable `name` (proxy-addr's
 * `loopback`, `linklocal` and `uniquelocal` too), or a ConfigError naming the wrong ones.
 */
export function parseAddressList(name: string, text: string, otherForms = ''): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0)
    throw new ConfigError(
      `${name}: ${wrong.join(', ')} is not an IP address or CIDR range. ` +
        `Use ${otherForms}a comma list of addresses and ranges (${name}=10.0.0.0/8,192.168.1.10).`,
    );
  return entries;
}

/** An address range as numbers: IPv4 (32 bits) or IPv6 (128 bits). */
export interface AddressRange {
  family: 4 | 6;
  first: bigint;
  last: bigint;
}

const BITS = { 4: 32, 6: 128 } as const;
/** Where IPv6 writes IPv4 addresses (`::ffff:10.1.2.3`): proxy-addr and the throttle take them as IPv4. */
const MAPPED = 0xffffn << 32n;

/** An address that `net.isIP` accepts, as a number; an IPv4-mapped IPv6 address as its IPv4. */
function addressValue(address: string): { family: 4 | 6; value: bigint } {
  const plain = address.split('%')[0]; // a zone (`fe80::1%eth0`) names an interface, not addresses
  if (net.isIPv4(plain))
    return { family: 4, value: plain.split('.').reduce((n, part) => (n << 8n) | BigInt(part), 0n) };
  let text = plain;
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(text);
  if (dotted) {
    const v4 = addressValue(dotted[0]).value;
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const value = all.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
  return value >> 32n === 0xffffn ? { family: 4, value: value - MAPPED } : { family: 6, value };
}

/**
 * The ranges an entry of `parseAddressList` stands for. An IPv6 range inside `::ffff:0:0/96` is the
 * IPv4 range it maps (proxy-addr matches IPv4 clients against it, and nothing else).
 */
export function rangesOf(entry: string): AddressRange[] {
  if (Object.hasOwn(NAMED_RANGES, entry)) return NAMED_RANGES[entry].flatMap(rangesOf);
  const [address, prefixText] = entry.split('/');
  const { family, value } = addressValue(address);
  const prefix = prefixText === undefined ? BITS[family] : Number(prefixText);
  if (family === 4 && net.isIPv6(address.split('%')[0]))
    // proxy-addr matches no client with a mapped range shorter than /96; it is counted as the IPv6
    // range it is written as, so that a `/0` is refused like any other.
    return [prefix >= 96 ? range(4, value, prefix - 96) : range(6, value + MAPPED, prefix)];
  return [range(family, value, prefix)];
}

function range(family: 4 | 6, value: bigint, prefix: number): AddressRange {
  const size = 1n << BigInt(BITS[family] - prefix);
  const first = value - (value % size);
  return { family, first, last: first + size - 1n };
}

/** Whether `ip` (a client address as Fastify gives it) lies in one of `ranges`. */
export function inRanges(ranges: readonly AddressRange[], ip: string): boolean {
  if (net.isIP(ip) === 0) return false;
  const { family, value } = addressValue(ip);
  return ranges.some((range) => range.family === family && range.first <= value && value <= range.last);
}

/**
 * The family (4 or 6) whose every address the ranges cover together (`0.0.0.0/0`, `::/0`,
 * `0.0.0.0/1,128.0.0.0/1`), or null. No IPv6 client has an address in `::ffff:0:0/96` (those are
 * IPv4 clients), so IPv6 is covered when everything else is.
 */
export function familyCoveredBy(ranges: readonly AddressRange[]): 4 | 6 | null {
  for (const family of [4, 6] as const) {
    const own = ranges.filter((range) => range.family === family);
    if (family === 6) own.push({ family, first: MAPPED, last: MAPPED + 0xffffffffn });
    own.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    let next = 0n; // the first address not yet covered
    for (const range of own) {
      if (range.first > next) break;
      if (range.last >= next) next = range.last + 1n;
    }
    if (next === 1n << BigInt(BITS[family])) return family;
  }
  return null;
}

/**
 * Reads `TRUST_PROXY`: unset, empty, `false` or `0` trusts no proxy; a whole number is how many
 * proxies stand in front (`1` behind one load balancer); otherwise a comma list of the proxies'
 * addresses or CIDR ranges (`10.0.0.0/8,fd00::/8`, or `loopback`, `linklocal`, `uniquelocal`).
 * `true` is refused: it would trust every hop, so any client could choose its own address (and
 * slip past the sign-in throttle) by sending `X-Forwarded-For`. So are ranges that together cover
 * every IPv4 or every IPv6 address (`0.0.0.0/0`, `::/0`, `0.0.0.0/1,128.0.0.0/1`), for the same reason.
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
  const entries = parseAddressList('TRUST_PROXY', text, 'a hop count (TRUST_PROXY=1) or ');
  const everyone = familyCoveredBy(entries.flatMap(rangesOf));
  if (everyone)
    throw new ConfigError(
      `TRUST_PROXY=${text} covers every IPv${everyone} address, so any client could choose its own address ` +
        'by sending X-Forwarded-For. List only the proxies in front of the server ' +
        '(TRUST_PROXY=10.0.0.0/8,192.168.1.10) or set their count (TRUST_PROXY=1).',
    );
  return entries;
}
