import type { Page } from 'playwright-core';

export interface WireSize {
  url: string;
  kind: string;
  bytes: number;
}

const kindOf = (pathname: string) =>
  /\.js$/.test(pathname)
    ? 'scripts'
    : /\.css$/.test(pathname)
      ? 'styles'
      : /\.(woff2?|ttf)$/.test(pathname)
        ? 'fonts'
        : pathname.startsWith('/api/')
          ? 'api'
          : 'other';

/** Records every response the page receives, as the browser received it (compressed when served so). */
export function recordWireSizes(page: Page): WireSize[] {
  const sizes: WireSize[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    const url = new URL(request.url());
    sizes.push({ url: url.pathname, kind: kindOf(url.pathname), bytes: responseBodySize + responseHeadersSize });
  });
  return sizes;
}

/** Prints the totals by kind, the payload (scripts, styles, fonts) against its goal, and the largest files. */
export function printWireSizes(sizes: WireSize[], goalKb: number, label: string) {
  const totals = new Map<string, number>();
  for (const { kind, bytes } of sizes) totals.set(kind, (totals.get(kind) ?? 0) + bytes);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(label);
  console.log('kind      kB on the wire');
  for (const [kind, bytes] of [...totals].sort()) console.log(`${kind.padEnd(9)} ${kb(bytes).padStart(8)}`);
  const payload = (totals.get('scripts') ?? 0) + (totals.get('styles') ?? 0) + (totals.get('fonts') ?? 0);
  console.log(
    `scripts + styles + fonts: ${kb(payload)} kB (goal < ${goalKb} kB): ${payload / 1024 < goalKb ? 'met' : 'NOT met'}`,
  );
  console.log('largest files:');
  for (const file of sizes
    .filter((s) => s.kind !== 'api')
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12))
    console.log(`  ${kb(file.bytes).padStart(7)} kB  ${file.url}`);
}
