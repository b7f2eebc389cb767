import fs from 'node:fs';

/** This release's version (package.json's), written into every backup's manifest. */
export function releaseVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
