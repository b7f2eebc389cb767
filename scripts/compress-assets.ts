/**
 * After `vite build`: stamps the service worker with the build, then writes a brotli (`.br`) and a
 * gzip (`.gz`) copy of each text asset, which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`). Students on metered school networks download the compressed size.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '../dist/client');

// The student's service worker (public/sw.js) names its cache after the build: a new build's
// worker replaces the old one and drops the files it kept.
const worker = path.join(dir, 'sw.js');
if (fs.existsSync(worker)) {
  // The hashed files' names say what changed in them; the two unhashed files are read whole.
  const files = fs.readdirSync(path.join(dir, 'assets')).sort().join('\n');
  const build = crypto
    .createHash('sha256')
    .update(files)
    .update(fs.readFileSync(path.join(dir, 'index.html')))
    .update(fs.existsSync(path.join(dir, 'zod-jitless.js')) ? fs.readFileSync(path.join(dir, 'zod-jitless.js')) : '')
    .digest('hex')
    .slice(0, 12);
  fs.writeFileSync(worker, fs.readFileSync(worker, 'utf8').replace(/__BUILD__/g, build));
}
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
