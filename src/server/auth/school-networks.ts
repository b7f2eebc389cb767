import {
  ConfigError,
  familyCoveredBy,
  inRanges,
  parseAddressList,
  rangesOf,
  type AddressRange,
} from '../http/trust-proxy';

/**
 * Reads `SCHOOL_NETWORKS`: the addresses and CIDR ranges schools sign in from, as a comma list
 * (`203.0.113.0/24,198.51.100.7`), where many pupils share one address. The sign-in throttle holds
 * no address-wide ceiling there (login-throttle.ts). Unset or empty: none. Ranges that cover every
 * address are refused: they would turn the address ceiling off for the whole internet.
 */
export function parseSchoolNetworks(value: string | undefined): string[] {
  const entries = parseAddressList('SCHOOL_NETWORKS', value?.trim() ?? '');
  const everyone = familyCoveredBy(entries.flatMap(rangesOf));
  if (everyone)
    throw new ConfigError(
      `SCHOOL_NETWORKS=${value?.trim()} covers every IPv${everyone} address, which would lift the sign-in ` +
        "ceiling per address for everyone. List only the schools' public addresses or ranges " +
        '(SCHOOL_NETWORKS=203.0.113.0/24,198.51.100.7).',
    );
  return entries;
}

const compiled = new WeakMap<readonly string[], AddressRange[]>();

/** Whether the client address `ip` is a school's (one of `networks`, as `parseSchoolNetworks` returns them). */
export function inSchoolNetwork(networks: readonly string[] | undefined, ip: string): boolean {
  if (!networks || networks.length === 0) return false;
  let ranges = compiled.get(networks);
  if (!ranges) compiled.set(networks, (ranges = networks.flatMap(rangesOf)));
  return inRanges(ranges, ip);
}
