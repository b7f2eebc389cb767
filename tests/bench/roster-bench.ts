/**
 * `npm run bench:roster` (issue 25): importing 10,000 students with their accounts into an empty
 * platform over real HTTP, as a school system would: a template CSV of 10,000 rows over 10 schools
 * and 200 classes, its dry run, then the import job (run here as the queue runs it), with the time
 * of each phase and the process's memory (RSS sampled every 50 ms). Goal: under 60 s for the whole
 * on 2 cores, memory flat. Accounts get no password hash (login cards issue first passwords), so
 * scrypt is not on this path; the last line times the login cards of one class of 50.
 * PGlite by default; `BENCH_DATABASE_URL` (an admin URL) runs it on PostgreSQL in a database it
 * creates and drops. `BENCH_STUDENTS` changes the count.
 */
import { ROLES } from '../../src/common/permissions';
import { runRosterImport } from '../../src/server/roster';
import { headersIn } from '../../src/server/roster/roster-columns';
import { multipartBody } from '../helpers/media-fixtures';
import { csvOf } from '../helpers/roster-files';
import { ADMIN_URL, benchDatabase, benchServer, machine } from './bench-world';

const STUDENTS = Number(process.env.BENCH_STUDENTS) || 10_000;
const SCHOOLS = 10;
const CLASSES_PER_SCHOOL = 20;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function main() {
  console.log(`${new Date().toISOString()}  ${machine()}`);
  console.log(`database: ${ADMIN_URL ? 'postgres' : 'pglite'}, ${STUDENTS} students\n`);
  const world = await benchDatabase('roster');
  const { handle } = world;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const platform = await handle.db
      .insertInto('platforms')
      .values({ name: 'Bench', name_en: 'Bench', name_ar: 'قياس', identifier: 'IRA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grades = await handle.db
      .insertInto('grades')
      .values(
        [4, 5, 6, 7].map((n) => ({
          platform_id: platform.id,
          name: `Grade ${n}`,
          name_en: `Grade ${n}`,
          name_ar: `الصف ${n}`,
        })),
      )
      .returning(['id', 'name_en'])
      .execute();
    const classes: { school: string; grade: string; name: string }[] = [];
    for (let s = 0; s < SCHOOLS; s++) {
      const school = await handle.db
        .insertInto('schools')
        .values({ name: `School ${s + 1}`, name_en: `School ${s + 1}`, name_ar: `مدرسة ${s + 1}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let c = 0; c < CLASSES_PER_SCHOOL; c++) {
        const grade = grades[c % grades.length]!;
        const className = `${grade.name_en.slice(6)}-${String.fromCharCode(65 + Math.floor(c / grades.length))}`;
        await handle.db
          .insertInto('school_classes')
          .values({ name: className, name_en: className, name_ar: className, school_id: school.id, grade_id: grade.id })
          .execute();
        classes.push({ school: `School ${s + 1}`, grade: grade.name_en, name: className });
      }
    }
    const header = headersIn('en');
    const rows = Array.from({ length: STUDENTS }, (_, i) => {
      const klass = classes[i % classes.length]!;
      return [
        `B${100000 + i}`,
        `Student ${i}`,
        `طالب ${i}`,
        klass.school,
        klass.grade,
        klass.name,
        '',
        i % 2 ? 'female' : 'male',
        'AE',
        '2015-05-05',
        '',
        'yes',
        '0',
      ];
    });
    const file = Buffer.from(csvOf([header, ...rows]));
    console.log(`file: ${STUDENTS} rows, ${mb(file.length)} (${file.length} bytes)`);

    const { app, url, signIn } = await benchServer(world);
    const cookie = await signIn(ROLES.admin);
    const upload = async (mode: 'dry_run' | 'import') => {
      const { payload, contentType } = multipartBody({ mode }, { name: 'roster.csv', content: file });
      const response = await fetch(`${url}/api/roster/imports`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie },
        body: payload,
      });
      return (await response.json()) as { data: { id: number; summary: Record<string, number> } };
    };
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    const total = performance.now();
    let started = performance.now();
    const dry = await upload('dry_run');
    console.log(`dry run:            ${seconds(started)} s  ${JSON.stringify(dry.data.summary)}`);
    started = performance.now();
    const queued = await upload('import');
    console.log(`import request:     ${seconds(started)} s  (checks the file again, keeps it, queues the job)`);
    started = performance.now();
    await runRosterImport(handle.db, queued.data.id);
    console.log(
      `import job:         ${seconds(started)} s  (plans again, writes students and accounts in one transaction)`,
    );
    const job = await handle.db
      .selectFrom('roster_imports')
      .select(['status', 'summary'])
      .where('id', '=', queued.data.id)
      .executeTakeFirstOrThrow();
    const accounts = await handle.db
      .selectFrom('students')
      .select((eb) => eb.fn.count<number>('user_id').as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `total:              ${seconds(total)} s  status ${job.status}, ${accounts.n} students with accounts (goal: under 60 s)`,
    );
    console.log(
      `memory (RSS):       ${mb(baseline)} before, ${mb(peak)} at the peak, ${mb(process.memoryUsage().rss)} after`,
    );
    const firstClass = await handle.db
      .selectFrom('school_classes')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    started = performance.now();
    const cards = await fetch(`${url}/api/school-classes/${firstClass.id}/login-cards?lang=ar`, {
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    const pdf = Buffer.from(await cards.arrayBuffer());
    console.log(
      `login cards:        ${seconds(started)} s  one class of ${STUDENTS / classes.length} (first passwords hashed with scrypt), ${Math.round(pdf.length / 1024)} KB PDF, status ${cards.status}`,
    );
    await app.close();
  } finally {
    clearInterval(sampler);
    await world.close();
  }
}

await main();
