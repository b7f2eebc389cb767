/**
 * After `vite build`: writes a brotli (`.br`) and a gzip (`.gz`) copy of each text asset, which the
 * server sends to browsers that accept them (@fastify/static `preCompressed`). Students on metered
 * school networks download the compressed size.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '../dist/client');
const TEXT = /\.(js|css|html|svg|json|txt)$/;

let raw = 0;
let brotli = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  const br = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
}
console.log(`compressed assets: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB brotli`);
