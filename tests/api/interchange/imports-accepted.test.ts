import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { runImportJob, uploadQuestions } from '../../helpers/question-files';
import { author, defaults, dryRun, fixture, platform, questionCount, t, useImportScene } from './import-scene';

useImportScene();

describe('question imports', () => {
  it('checks a Moodle XML file, lists every question with what it becomes and why not, then imports it as a job', async () => {
    const dry = await dryRun('quiz.xml', fixture('moodle-sample.xml'), { ...defaults, create_lookups: 'true' }, 'ar');
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report.format).toBe('moodle_xml');
    expect(report.summary.create).toBeGreaterThan(5);
    expect(report.summary.unsupported).toBeGreaterThan(0);
    expect(report.summary.lookups_created).toBeGreaterThan(2);
    const skipped = report.items.find((i: { status: string }) => i.status === 'unsupported');
    expect(skipped.messages[0]).toContain('لا يمكن استيراد');
    // The sample's broken question (no answer fully right), and one whose new skill cannot own the default outcome.
    expect(report.items.filter((i: { status: string }) => i.status === 'error')).toEqual([
      expect.objectContaining({ identifier: 'حروف الجر', messages: [expect.stringContaining('ناتج التعلم')] }),
      expect.objectContaining({
        identifier: 'No right answer',
        messages: expect.arrayContaining([expect.stringContaining('لا يمكن تحديد الإجابة الصحيحة')]),
      }),
    ]);
    expect(report.items.flatMap((i: { notes: string[] }) => i.notes).join(' ')).toContain('map.jpg');
    // A picture without alt text is imported, with a note saying the editor will ask for one.
    expect(report.items.flatMap((i: { notes: string[] }) => i.notes).join(' ')).toContain('ليس للصورة نص بديل');
    const refused = await uploadQuestions(
      t,
      author,
      { name: 'quiz.xml', content: fixture('moodle-sample.xml') },
      { mode: 'import', platform_id: String(platform.id), create_lookups: 'true', ...defaults },
    );
    expect(refused.statusCode).toBe(422);
    expect(await questionCount()).toBe(0);

    const fixed = Buffer.from(
      fixture('moodle-sample.xml')
        .toString('utf8')
        .replace('skill: القواعد', 'skill: القراءة')
        .replace(/<question type="multichoice">(?:(?!<\/question>)[\s\S])*?No right answer[\s\S]*?<\/question>/, ''),
    );
    const queued = await uploadQuestions(
      t,
      author,
      { name: 'quiz.xml', content: fixed },
      { mode: 'import', platform_id: String(platform.id), create_lookups: 'true', ...defaults },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    await runImportJob(t, queued.json().data.id);
    // The dry run's questions to create, and the one whose skill the fix names in Arabic.
    expect(await questionCount()).toBe(report.summary.create + 1);
    const image = await t.db
      .selectFrom('questions')
      .select(['media', 'media_type'])
      .where('platform_id', '=', platform.id)
      .where('media_type', '=', 'image')
      .executeTakeFirst();
    expect(image?.media).toMatch(/^media\/[0-9a-f]{32}\.png$/);
  });

  it("previews what each question becomes: the student's view and the answer that earns its whole mark (issue 40)", async () => {
    const dry = await dryRun('quiz.xml', fixture('moodle-sample.xml'), { ...defaults, create_lookups: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const items: {
      status: string;
      type: string | null;
      preview: null | (Record<string, unknown> & { view: Record<string, unknown>; key: unknown; text: string });
    }[] = dry.json().data.items;
    const previewed = items.filter((item) => item.preview);
    // Every question that comes in is previewed (and one in error that still reads as a question).
    expect(items.filter((item) => item.status === 'create').every((item) => item.preview)).toBe(true);
    expect(items.filter((item) => item.status === 'unsupported').every((item) => item.preview === null)).toBe(true);
    for (const { type, preview } of previewed) {
      // Picked field by field: the student's view, no stored record, no media path.
      expect(Object.keys(preview!).sort()).toEqual(
        [
          'answer_type',
          'content_language',
          'has_media',
          'key',
          'mark',
          'media_alt',
          'media_replay_count',
          'media_type',
          'text',
          'view',
        ].sort(),
      );
      expect(preview!.answer_type).toBe(type);
      expect(preview!.text).not.toBe('');
      // The key is given apart, once, in the answer's shape; the view itself holds none.
      expect(JSON.stringify(preview!.view)).not.toMatch(/"correct"|"answer"|"right_id"/);
    }
    const kinds = new Set(previewed.map((item) => item.type));
    expect(kinds).toContain('single_choice');
    const choice = previewed.find((item) => item.type === 'single_choice')!.preview!;
    const options = choice.view.options as { id: string }[];
    expect(options.map((o) => o.id)).toContain((choice.key as { option_id: string }).option_id);
    const essay = previewed.find((item) => item.type === 'essay');
    expect(essay?.preview!.key).toBeNull();
    expect(essay?.preview!.answer_type).toBe('essay');
    // A stored report carries the same preview when read again.
    const again = await call(t.app, 'GET', `/api/questions-bank/imports/${dry.json().data.id}`, undefined, {
      cookie: author,
    });
    expect(again.json().data.items).toEqual(items);
  });

  it('imports GIFT with the default lookups', async () => {
    const before = await questionCount();
    const queued = await uploadQuestions(
      t,
      author,
      { name: 'q.gift', content: fixture('sample.gift') },
      { mode: 'import', platform_id: String(platform.id), ...defaults },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data.format).toBe('gift');
    await runImportJob(t, queued.json().data.id);
    expect(await questionCount()).toBe(before + queued.json().data.summary.create);
  });

  it('warns of likely duplicates: a question the file repeats, and, imported twice, each one the bank has (issue 41)', async () => {
    const gift = Buffer.from(
      [
        '::Capital:: What is the capital of Jordan? {=Amman ~Irbid ~Zarqa}',
        '::Capital again:: What is the  capital of JORDAN? {=Amman ~Aqaba}',
        '::River:: Which river flows into the Dead Sea? {=Jordan ~Nile}',
      ].join('\n\n'),
    );
    type Item = { identifier: string; notes: string[]; status: string };
    const first = await dryRun('twice.gift', gift, defaults);
    expect(first.statusCode, first.body).toBe(200);
    const items: Item[] = first.json().data.items;
    expect(items.map((i) => i.status)).toEqual(['create', 'create', 'create']);
    expect(items[0].notes.join(' ')).not.toContain('already');
    expect(items[1].notes).toContain('The file has this question already (Capital).');
    const queued = await uploadQuestions(
      t,
      author,
      { name: 'twice.gift', content: gift },
      { mode: 'import', platform_id: String(platform.id), ...defaults },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    await runImportJob(t, queued.json().data.id);
    const stored = await t.db
      .selectFrom('questions')
      .select(['id', 'text'])
      .where('platform_id', '=', platform.id)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const capital = stored.find((q) => String(q.text).includes('capital of Jordan'))!;
    // The same file again: each question names the bank's copy, in the reader's language; still a note.
    const again = await dryRun('twice.gift', gift, defaults, 'ar');
    const second: Item[] = again.json().data.items;
    expect(second.map((i) => i.status)).toEqual(['create', 'create', 'create']);
    expect(second[0].notes).toContain(
      `في البنك سؤال بالنص نفسه (السؤال ${capital.id}): استيراده مرة أخرى يُنشئ نسخة منه.`,
    );
    for (const item of second) expect(item.notes.join(' ')).toContain('في البنك سؤال بالنص نفسه');
  });

  it('sanitizes imported rich text as typed text', async () => {
    const gift = Buffer.from('::X::[html]<p onclick="steal()">Hello <script>alert(1)</script><b>there</b></p>{=a ~b}');
    const queued = await uploadQuestions(
      t,
      author,
      { name: 'x.gift', content: gift },
      { mode: 'import', platform_id: String(platform.id), ...defaults },
    );
    await runImportJob(t, queued.json().data.id);
    const last = await t.db.selectFrom('questions').select('text').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.text).toBe('<p>Hello <b>there</b></p>');
  });

  it('offers the template in both languages and exports the bank as a workbook that imports back', async () => {
    for (const lang of ['en', 'ar']) {
      const template = await call(
        t.app,
        'GET',
        `/api/questions-bank/template?lang=${lang}&platform_id=${platform.id}`,
        undefined,
        { cookie: author },
      );
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toContain('spreadsheetml');
      const dry = await dryRun(`template-${lang}.xlsx`, template.rawPayload, {});
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data).toMatchObject({ format: 'xlsx', summary: { create: 10, errors: 0 } });
    }
    const workbook = await call(
      t.app,
      'GET',
      `/api/questions-bank/export?format=xlsx&platform_id=${platform.id}&filter[media_type]=none`,
      undefined,
      { cookie: author },
    );
    expect(workbook.statusCode, workbook.body).toBe(200);
    const dry = await dryRun('bank.xlsx', workbook.rawPayload, {});
    expect(dry.json().data.summary).toMatchObject({
      errors: 0,
      create: (
        await t.db
          .selectFrom('questions')
          .select('id')
          .where('platform_id', '=', platform.id)
          .where('media_type', '=', 'none')
          .execute()
      ).length,
    });
  });
});
