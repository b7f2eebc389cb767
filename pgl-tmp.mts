import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
async function work(pg: PGlite, label: string) {
  await pg.exec('create table if not exists t (id serial primary key, v text, n int)');
  const a = Date.now();
  for (let i = 0; i < 2000; i++) await pg.query('insert into t (v, n) values ($1, $2)', ['x' + i, i]);
  const b = Date.now();
  for (let i = 0; i < 2000; i++) await pg.query('select * from t where id = $1', [i]);
  const c = Date.now();
  console.log(label, 'insert', b - a, 'select', c - b);
}
const dir = fs.mkdtempSync('/tmp/pgl-');
let t = Date.now();
const disk = await PGlite.create(dir);
console.log('open disk', Date.now() - t);
await work(disk, 'disk');
t = Date.now();
const dump = await disk.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const mem = await PGlite.create({ loadDataDir: dump });
console.log('open mem from dump', Date.now() - t);
await work(mem, 'mem');
t = Date.now();
const rel = await PGlite.create({ dataDir: fs.mkdtempSync('/tmp/pgl-'), relaxedDurability: true });
console.log('open rel', Date.now() - t);
await work(rel, 'disk relaxed');
