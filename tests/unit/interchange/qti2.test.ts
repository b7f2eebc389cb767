import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';

/** A QTI 2.1 choice item as TAO exports one (written here, in QTI 2.1's camel case). */
const CHOICE_21 = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i1" title="Capital" adaptive="false" timeDependent="false" xml:lang="ar">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <correctResponse><value>choice_2</value></correctResponse>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" normalMaximum="2"/>
  <itemBody>
    <div><choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <prompt>ما عاصمة مصر؟</prompt>
      <simpleChoice identifier="choice_1">الإسكندرية</simpleChoice>
      <simpleChoice identifier="choice_2">القاهرة</simpleChoice>
    </choiceInteraction></div>
  </itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
</assessmentItem>`;

/** A QTI 2.2 text entry item. */
const TEXT_22 = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="i2" title="Blank" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">
    <correctResponse><value>York</value></correctResponse>
    <mapping defaultValue="0"><mapEntry mapKey="York" mappedValue="1"/><mapEntry mapKey="york" mappedValue="1"/></mapping>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody><p>Identify the missing word.</p><p>Now is the winter of our discontent made glorious summer by this sun of <textEntryInteraction responseIdentifier="RESPONSE" expectedLength="15"/>.</p></itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p2/rptemplates/map_response"/>
</assessmentItem>`;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m">
  <organizations/>
  <resources>
    <resource identifier="i1" type="imsqti_item_xmlv2p1" href="i1.xml"><file href="i1.xml"/></resource>
    <resource identifier="i2" type="imsqti_item_xmlv2p2" href="sub/i2.xml"><file href="sub/i2.xml"/></resource>
  </resources>
</manifest>`;

describe('QTI 2.x (TAO exports)', () => {
  it('reads a 2.1 and a 2.2 item from a package, with their keys, marks and language', () => {
    const zip = zipSync({
      'imsmanifest.xml': strToU8(MANIFEST),
      'i1.xml': strToU8(CHOICE_21),
      'sub/i2.xml': strToU8(TEXT_22),
    });
    const file = readQti(zip);
    expect(file.format).toBe('qti2');
    const [choice, blank] = file.items;
    expect(choice.question).toMatchObject({
      answer_type: 'single_choice',
      content_language: 'ar',
      mark: 2,
      mark_option: 'all_or_nothing',
    });
    const options = (choice.question!.answer_key as { options: { text: string; correct: boolean }[] }).options;
    expect(options.map((o) => [o.text, o.correct])).toEqual([
      ['الإسكندرية', false],
      ['القاهرة', true],
    ]);
    expect(choice.question!.text).toContain('ما عاصمة مصر؟');
    expect(blank.question).toMatchObject({
      answer_type: 'fill_blanks',
      content_language: 'en',
      mark: 1,
      mark_option: 'partial',
    });
    expect(blank.question!.answer_key).toMatchObject({ blanks: [{ answer: 'York', after: '.' }] });
    expect(blank.question!.text).toContain('Identify the missing word.');
    expect(blank.notes).toEqual([{ key: 'interchange.problems.extra_answers_dropped', params: { answers: 'york' } }]);
  });

  it('reads a single 2.1 item file', () => {
    const file = readQti(strToU8(CHOICE_21));
    expect(file.format).toBe('qti2');
    expect(file.items[0].question?.answer_type).toBe('single_choice');
  });
});
