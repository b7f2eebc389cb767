/**
 * `npm run bench:interchange` (issue 27): 1,000 questions with media out of the bank and into an
 * empty platform over real HTTP. A package of 1,000 questions (the demo's ten answer types in both
 * languages, one in four with an image and one in four with an audio file of its own) is checked
 * (dry run) and imported (the job, run here as the queue runs it) into a platform without a single
 * lookup (all created from the package's names), then the whole bank is exported as QTI 3.0, as
 * the XLSX workbook and as the workbook with its media (one zip). Prints each phase's time and the process's peak memory (RSS every 50 ms).
 * PGlite by default; `BENCH_DATABASE_URL` (an admin URL) runs it on PostgreSQL in a database it
 * creates and drops. `BENCH_QUESTIONS` changes the count.
 */
import { ROLES } from '../../src/common/permissions';
import { ARABIC_QUESTIONS } from '../../src/server/demo/demo-questions-ar';
import { ENGLISH_QUESTIONS } from '../../src/server/demo/demo-questions-en';
import { runQuestionImport } from '../../src/server/interchange';
import { qtiPackage, type PackageQuestion } from '../../src/server/interchange/qti/qti-package-writer';
import { mediaStorage } from '../../src/server/media';
import { localFileStore } from '../../src/server/storage';
import { QuestionsStore } from '../../src/server/questions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { mp3, multipartBody, PNG_1X1 } from '../helpers/media-fixtures';
import { ADMIN_URL, benchDatabase, benchServer, machine } from './bench-world';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS) || 1_000;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** A PNG followed by `size` bytes of its own (the type is told by the signature): one file per question. */
const picture = (i: number, size = 20_000) => Buffer.concat([PNG_1X1, Buffer.alloc(size, i % 251)]);

/** The package: demo questions over and over, with their own media and the names of six lookups. */
function benchPackage(): Uint8Array {
  const demo = [
    ...ENGLISH_QUESTIONS.map((q) => ({ q, language: 'en' as const })),
    ...ARABIC_QUESTIONS.map((q) => ({ q, language: 'ar' as const })),
  ].filter(({ q }) => !q.media);
  const media = new Map<string, Uint8Array>();
  const questions: PackageQuestion[] = Array.from({ length: QUESTIONS }, (_, i) => {
    const { q, language } = demo[i % demo.length]!;
    const kind = i % 4 === 1 ? 'image' : i % 4 === 2 ? 'audio' : 'none';
    const file = kind === 'image' ? `media/p${i}.png` : kind === 'audio' ? `media/a${i}.mp3` : null;
    if (file) media.set(file, kind === 'image' ? picture(i) : Buffer.concat([mp3(40), Buffer.from(String(i))]));
    return {
      question: {
        identifier: `Q${i + 1}`,
        text: q.text,
        content_language: language,
        answer_type: q.kind,
        answer_key: q.answerKey,
        mark: q.mark,
        mark_option: q.markOption,
        media_type: kind,
        media: file,
        media_replay_count: kind === 'audio' ? 2 : 0,
        instruction_audio: null,
      },
      metadata: {
        question_type: { en: 'Benchmark', ar: 'معياري' },
        skill: { en: `Skill ${i % 4}`, ar: `مهارة ${i % 4}` },
        difficulty_level: { en: ['Easy', 'Medium', 'Hard'][i % 3], ar: ['سهل', 'متوسط', 'صعب'][i % 3] },
        cognitive_level: { en: 'Apply', ar: 'تطبيق' },
        learning_outcome: { en: `Outcome ${i % 4}`, ar: `ناتج ${i % 4}` },
        depth_of_knowledge: { en: 'Level 2', ar: 'المستوى 2' },
      },
    };
  });
  return qtiPackage({ identifier: 'bench', questions, media });
}

async function main() {
  console.log(`${new Date().toISOString()}  ${machine()}`);
  console.log(`database: ${ADMIN_URL ? 'postgres' : 'pglite'}, ${QUESTIONS} questions\n`);
  const world = await benchDatabase('interchange');
  const { handle, dataDir } = world;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const platform = await handle.db
      .insertInto('platforms')
      .values({ name: 'Bench', name_en: 'Bench', name_ar: 'قياس', identifier: 'IRA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    let started = performance.now();
    const file = Buffer.from(benchPackage());
    console.log(`package built:      ${seconds(started)} s  ${mb(file.length)}`);

    const { app, url, signIn } = await benchServer(world);
    const cookie = await signIn(ROLES.admin);
    const headers = { 'x-requested-with': 'XMLHttpRequest', cookie };
    const upload = async (mode: 'dry_run' | 'import') => {
      const fields = { mode, platform_id: String(platform.id), create_lookups: 'true' };
      const { payload, contentType } = multipartBody(fields, { name: 'bank.zip', content: file });
      const response = await fetch(`${url}/api/questions-bank/imports`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType },
        body: payload,
      });
      return (await response.json()) as { data: { id: number; summary: Record<string, number> } };
    };
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    started = performance.now();
    const dry = await upload('dry_run');
    console.log(`dry run:            ${seconds(started)} s  ${JSON.stringify(dry.data.summary)}`);
    started = performance.now();
    const queued = await upload('import');
    console.log(`import request:     ${seconds(started)} s  (checks the file again, keeps it, queues the job)`);
    started = performance.now();
    const registry = await loadSchemaRegistry();
    await runQuestionImport(
      {
        db: handle.db,
        storage: mediaStorage(localFileStore(dataDir)),
        storeFor: (db) => new QuestionsStore(db, registry, 'UTC'),
      },
      queued.data.id,
    );
    const job = await handle.db
      .selectFrom('question_imports')
      .select(['status', 'created_ids'])
      .where('id', '=', queued.data.id)
      .executeTakeFirstOrThrow();
    const created = (typeof job.created_ids === 'string' ? JSON.parse(job.created_ids) : job.created_ids) as number[];
    console.log(
      `import job:         ${seconds(started)} s  status ${job.status}, ${created.length} questions (lookups, media and questions in one transaction)`,
    );
    for (const format of ['qti3', 'xlsx', 'xlsx_media']) {
      started = performance.now();
      const response = await fetch(`${url}/api/questions-bank/export?format=${format}&platform_id=${platform.id}`, {
        headers,
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      console.log(
        `${`export ${format}:`.padEnd(20)}${seconds(started)} s  status ${response.status}, ${mb(bytes.length)}`,
      );
    }
    console.log(
      `memory (RSS):       ${mb(baseline)} before, ${mb(peak)} at the peak, ${mb(process.memoryUsage().rss)} after`,
    );
    await app.close();
  } finally {
    clearInterval(sampler);
    await world.close();
  }
}

await main();
