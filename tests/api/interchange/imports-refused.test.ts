import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { PNG_1X1 } from '../../helpers/media-fixtures';
import { runImportJob, uploadQuestions } from '../../helpers/question-files';
import { zipOf } from '../../helpers/roster-files';
import { admin, author, corrector, defaults, dryRun, platform, questionCount, t, useImportScene } from './import-scene';

useImportScene();

describe('question imports', () => {
  it('reports lookups it cannot match and refuses the import whole, creating them only when asked', async () => {
    const gift = Buffer.from('::One::Pick one {=a ~b}');
    const missing = await dryRun('q.gift', gift);
    expect(missing.json().data.items[0].messages).toContain('The file gives no Skill: choose one for such questions.');
    const before = await questionCount();
    const refused = await uploadQuestions(
      t,
      author,
      { name: 'q.gift', content: gift },
      { mode: 'import', platform_id: String(platform.id) },
      'ar',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('لم يُستورد شيء');
    expect(await questionCount()).toBe(before);

    const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><name><text>T</text></name><questiontext format="html"><text>Sky is blue</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer><tags><tag><text>skill: Listening</text></tag><tag><text>learning outcome: Listens</text></tag><tag><text>difficulty_level: سهل</text></tag></tags></question></quiz>`;
    const unmatched = await dryRun('t.xml', Buffer.from(xml), defaults);
    expect(unmatched.json().data.items[0]).toMatchObject({
      status: 'error',
      messages: [
        'Skill "Listening" does not exist on this platform (choose to create it, or fix the file).',
        'Learning outcome "Listens" does not exist on this platform (choose to create it, or fix the file).',
      ],
    });
    const created = await dryRun('t.xml', Buffer.from(xml), { ...defaults, create_lookups: 'true' });
    expect(created.json().data).toMatchObject({ summary: { create: 1, errors: 0, lookups_created: 2 } });
    expect(created.json().data.items[0].notes).toEqual([
      'Skill "Listening" will be created.',
      'Learning outcome "Listens" will be created.',
    ]);
  });

  it('refuses entities, zip tricks, oversized and unknown files with a clear message, changing nothing', async () => {
    const before = await questionCount();
    const cases: [string, Buffer | Uint8Array, string][] = [
      [
        'xxe.xml',
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz><question type="essay"><questiontext><text>&xxe;</text></questiontext></question></quiz>',
        ),
        'XML entities',
      ],
      [
        'laughs.xml',
        Buffer.from(
          `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`,
        ),
        'XML entities',
      ],
      [
        'item.xml',
        Buffer.from('<!DOCTYPE qti-assessment-item SYSTEM "http://evil/x.dtd"><qti-assessment-item/>'),
        'XML entities',
      ],
      ['slip.zip', zipOf({ 'imsmanifest.xml': '<manifest/>', '../../etc/evil.xml': 'x' }), 'outside its folder'],
      ['abs.zip', zipOf({ 'imsmanifest.xml': '<manifest/>', '/etc/evil.xml': 'x' }), 'outside its folder'],
      [
        'bomb.zip',
        zipOf({ 'imsmanifest.xml': '<manifest/>', 'media/zeros.bin': new Uint8Array(310 * 1024 * 1024) }),
        'zip bomb',
      ],
      ['huge.zip', Buffer.alloc(101 * 1024 * 1024, 1), '100 MB at most'],
      ['no-manifest.zip', zipOf({ 'items/a.xml': '<qti-assessment-item/>' }), 'no imsmanifest.xml'],
      ['two-workbooks.zip', zipOf({ 'a.xlsx': 'x', 'b.xlsx': 'y', 'media/a.png': PNG_1X1 }), 'several Excel workbooks'],
      ['picture.png', PNG_1X1, 'not a file we can import'],
      ['broken.xml', Buffer.from('<quiz><question>'), 'not readable XML'],
    ];
    for (const [name, content, message] of cases) {
      const response = await uploadQuestions(
        t,
        author,
        { name, content },
        { mode: 'import', platform_id: String(platform.id), ...defaults },
      );
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors.file[0], name).toContain(message);
    }
    const arabic = await dryRun('xxe.xml', cases[0][1], defaults, 'ar');
    expect(arabic.json().errors.file[0]).toContain('مرفوض لأسباب أمنية');
    const workbooks = cases.find(([name]) => name === 'two-workbooks.zip')![1];
    const twoArabic = await dryRun('two-workbooks.zip', workbooks, defaults, 'ar');
    expect(twoArabic.statusCode).toBe(422);
    expect(twoArabic.json().errors.file[0]).toContain('أكثر من مصنف Excel');
    expect(await questionCount()).toBe(before);
    expect(await t.db.selectFrom('question_imports').select('id').where('status', '=', 'queued').execute()).toEqual([]);
    // Each case reads a crafted file to its limit (an inflated zip, 100 MB): slow on a shared machine.
  }, 120_000);

  it('refuses an import in which nothing can be imported, saying so', async () => {
    const numerical = Buffer.from('::N::When was Grant born? {#1822:5}');
    const response = await uploadQuestions(
      t,
      author,
      { name: 'n.gift', content: numerical },
      { mode: 'import', platform_id: String(platform.id), ...defaults },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Nothing was imported: no question in the file can be imported here.');
    expect(response.json().data.items[0]).toMatchObject({ status: 'unsupported', type: null });
  });

  it('says why a QTI item cannot come in, and what it leaves out (issue 40)', async () => {
    const item = (
      body: string,
      head = '',
      correct = '<qti-correct-response><qti-value>A</qti-value></qti-correct-response>',
    ) =>
      Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="i1" title="T" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">${correct}</qti-response-declaration>
  ${head}
  <qti-item-body>${body}
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-simple-choice identifier="A">Eight</qti-simple-choice><qti-simple-choice identifier="B">Six</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="A" show-hide="show">That's right, an octahedron has 8 faces.</qti-modal-feedback>
</qti-assessment-item>`);
    const report = async (xml: Buffer) => {
      const dry = await dryRun('item.xml', xml, defaults);
      expect(dry.statusCode, dry.body).toBe(200);
      return dry.json().data.items[0] as { status: string; messages: string[]; notes: string[] };
    };
    const plain = await report(item('<p>How many faces has an octahedron?</p>'));
    expect(plain.status).toBe('create');
    expect(plain.notes).toContain('Feedback written for this question was not imported.');
    const remote = await report(
      item('<p>Faces?</p><img src="https://example.com/octahedron.png" alt="An octahedron"/>'),
    );
    expect(remote.messages).toEqual([
      'The file https://example.com/octahedron.png is on another site: a package must carry its own files.',
    ]);
    const computed = await report(
      item(
        '<p>Faces?</p>',
        '<qti-template-declaration identifier="FACES" cardinality="single" base-type="integer"/>',
        '',
      ),
    );
    expect(computed.messages).toEqual([expect.stringContaining('The correct answer is computed by the item')]);
    const maths = await report(
      item('<p>Is <math xmlns="http://www.w3.org/1998/Math/MathML"><msqrt><mn>2</mn></msqrt></math> &gt; 2?</p>'),
    );
    expect(maths.status).toBe('unsupported');
    expect(maths.messages.join(' ')).toContain('MathML');
  });

  it('imports the rest when asked: the questions in error and the lookups only they named are left out (issue 40)', async () => {
    const question = (name: string, level: string, answers: string) =>
      `<question type="multichoice"><name><text>${name}</text></name>` +
      `<questiontext format="html"><text>Pick one.</text></questiontext><single>true</single>${answers}` +
      `<tags><tag><text>difficulty level: ${level}</text></tag></tags></question>`;
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><quiz>` +
        question(
          'Good',
          'Dunes',
          '<answer fraction="100"><text>One</text></answer><answer fraction="0"><text>Two</text></answer>',
        ) +
        question('No right answer', 'Oases', '<answer fraction="50"><text>One</text></answer>') +
        `</quiz>`,
    );
    const fields = { ...defaults, create_lookups: 'true', platform_id: String(platform.id) };
    const before = await questionCount();
    const refused = await uploadQuestions(t, author, { name: 'q.xml', content: xml }, { mode: 'import', ...fields });
    expect(refused.statusCode).toBe(422);
    const queued = await uploadQuestions(
      t,
      author,
      { name: 'q.xml', content: xml },
      { mode: 'import', ...fields, skip_errors: 'true' },
    );
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data.summary).toMatchObject({ create: 1, errors: 1 });
    await runImportJob(t, queued.json().data.id);
    expect(await questionCount()).toBe(before + 1);
    const levels = await t.db
      .selectFrom('difficulty_levels')
      .select('name_en')
      .where('platform_id', '=', platform.id)
      .execute();
    expect(levels.map((s) => s.name_en)).toContain('Dunes');
    expect(levels.map((s) => s.name_en)).not.toContain('Oases');
    // Nothing to import even so: refused as before.
    const nothing = await uploadQuestions(
      t,
      author,
      { name: 'bad.xml', content: Buffer.from(`<quiz>${question('Bad', 'Oases', '')}</quiz>`) },
      { mode: 'import', ...fields, skip_errors: 'true' },
    );
    expect(nothing.statusCode).toBe(422);
  });

  it('refuses a bad mode, a missing platform and an empty file', async () => {
    const gift = Buffer.from('::One::Pick one {=a ~b}');
    const badMode = await uploadQuestions(
      t,
      author,
      { name: 'q.gift', content: gift },
      { mode: 'now', platform_id: String(platform.id) },
    );
    expect(badMode.statusCode).toBe(422);
    expect(badMode.json().errors.mode).toEqual(['The mode must be dry_run or import.']);
    const noPlatform = await uploadQuestions(t, author, { name: 'q.gift', content: gift }, { mode: 'dry_run' });
    expect(noPlatform.statusCode).toBe(422);
    expect(Object.keys(noPlatform.json().errors)).toEqual(['platform_id']);
    const empty = await uploadQuestions(
      t,
      author,
      { name: 'q.gift', content: Buffer.alloc(0) },
      { mode: 'dry_run', platform_id: String(platform.id) },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file).toEqual(['Choose a file to import.']);
  });

  it('answers 401 signed out, 403 to a corrector, and 404 for an import of another user', async () => {
    const gift = Buffer.from('::One::Pick one {=a ~b}');
    const anonymous = await uploadQuestions(
      t,
      '',
      { name: 'q.gift', content: gift },
      { mode: 'dry_run', platform_id: String(platform.id) },
    );
    expect(anonymous.statusCode).toBe(401);
    const denied = await uploadQuestions(
      t,
      corrector,
      { name: 'q.gift', content: gift },
      { mode: 'dry_run', platform_id: String(platform.id) },
    );
    expect(denied.statusCode).toBe(403);
    for (const url of ['/api/questions-bank/export', '/api/questions-bank/template', `/api/exams/1/export`]) {
      expect((await call(t.app, 'GET', url, undefined, { cookie: corrector })).statusCode, url).toBe(403);
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
    const missing = await call(t.app, 'GET', '/api/exams/999999/export', undefined, { cookie: author });
    expect(missing.statusCode).toBe(404);
    const mine = await dryRun('q.gift', gift, defaults);
    const id = mine.json().data.id;
    expect(
      (await call(t.app, 'GET', `/api/questions-bank/imports/${id}`, undefined, { cookie: author })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/questions-bank/imports/${id}`, undefined, { cookie: admin })).statusCode,
    ).toBe(404);
  });
});
