import type { DemoQuestion } from './demo-questions-data';
import { p } from './demo-questions-data';

/** The ten answer types (and a listening item) in Arabic, as a Grade 4 / Level 2 benchmark would ask them. */
export const ARABIC_QUESTIONS: DemoQuestion[] = [
  {
    kind: 'single_choice',
    skill: 'reading',
    mark: 2,
    markOption: 'all_or_nothing',
    media: 'picture',
    text: p('انظر إلى الصورة، ثم اختر الجملة التي تصفها <b>بدقة</b>.'),
    answerKey: {
      options: [
        { id: 'a1', text: 'الشمس مشرقة وبجانب البيت شجرة خضراء.', correct: true },
        { id: 'a2', text: 'السماء ممطرة والأطفال يلعبون في الحديقة.', correct: false },
        { id: 'a3', text: 'البيت كبير وله باب أزرق.', correct: false },
      ],
    },
  },
  {
    kind: 'single_choice',
    skill: 'listening',
    mark: 2,
    markOption: 'all_or_nothing',
    media: 'tones',
    replays: 2,
    text: p('استمع إلى المقطع الصوتي جيدًا، ثم أجب: كم نغمة سمعت؟'),
    answerKey: {
      options: [
        { id: 'l1', text: 'نغمتان', correct: false },
        { id: 'l2', text: 'ثلاث نغمات', correct: true },
        { id: 'l3', text: 'أربع نغمات', correct: false },
      ],
    },
  },
  {
    kind: 'multiple_choice',
    skill: 'reading',
    mark: 3,
    markOption: 'partial',
    text: p('اختر <b>كل</b> الكلمات التي تدل على أسماء فواكه.'),
    answerKey: {
      options: [
        { id: 'm1', text: 'تفاح', correct: true },
        { id: 'm2', text: 'قلم', correct: false },
        { id: 'm3', text: 'موز', correct: true },
        { id: 'm4', text: 'برتقال', correct: true },
        { id: 'm5', text: 'نافذة', correct: false },
      ],
    },
  },
  {
    kind: 'true_false',
    skill: 'reading',
    mark: 1,
    markOption: 'all_or_nothing',
    text: p('اقرأ الجملة ثم احكم عليها: «تشرق الشمس من جهة الغرب».'),
    answerKey: { correct: false },
  },
  {
    kind: 'essay',
    skill: 'writing',
    mark: 10,
    markOption: 'all_or_nothing',
    text: p('اكتب فقرة لا تزيد على ثمانين كلمة تصف فيها فصلك المفضل من فصول السنة، وبيّن سبب تفضيلك له.'),
    answerKey: { max_words: 80 },
  },
  {
    kind: 'fill_blanks',
    skill: 'writing',
    mark: 3,
    markOption: 'partial',
    text: p('أكمل الفراغات بالكلمة المناسبة.'),
    answerKey: {
      blanks: [
        {
          id: 'f1',
          before: 'يشرب الطفلُ',
          after: 'كل صباح.',
          answer: 'الحليب',
          options: ['الحليب', 'الكتاب', 'الطريق'],
        },
        { id: 'f2', before: 'عاصمة المملكة العربية السعودية هي', after: '.', answer: 'الرياض' },
        { id: 'f3', before: 'ذهب التلاميذ إلى', after: 'ليتعلموا.', answer: 'المدرسة', options: ['المدرسة', 'السوق'] },
      ],
    },
  },
  {
    kind: 'reordering',
    skill: 'writing',
    mark: 2,
    markOption: 'all_or_nothing',
    text: p('رتّب الكلمات الآتية لتكوّن جملة مفيدة.'),
    answerKey: {
      items: [
        { id: 'r1', text: 'يقرأ' },
        { id: 'r2', text: 'أحمدُ' },
        { id: 'r3', text: 'قصةً' },
        { id: 'r4', text: 'جميلةً' },
      ],
      // Arabic writes the sentence verb first or subject first: both are right (issue 41).
      also_accepted: [['r2', 'r1', 'r3', 'r4']],
    },
  },
  {
    kind: 'matching',
    skill: 'reading',
    mark: 4,
    markOption: 'partial',
    text: p('صِل كل كلمة بضدها.'),
    answerKey: {
      pairs: [
        { id: 'c1', left: 'طويل', right_id: 'd7', right: 'قصير' },
        { id: 'c2', left: 'سريع', right_id: 'd3', right: 'بطيء' },
        { id: 'c3', left: 'فرح', right_id: 'd9', right: 'حزين' },
        { id: 'c4', left: 'نهار', right_id: 'd1', right: 'ليل' },
      ],
    },
  },
  {
    kind: 'audio_response',
    skill: 'speaking',
    mark: 5,
    markOption: 'all_or_nothing',
    media: 'picture',
    text: p('انظر إلى الصورة، ثم سجّل وصفًا لها في ثلاث جمل على الأقل.'),
    answerKey: { max_duration_seconds: 90 },
  },
  {
    kind: 'categorizing',
    skill: 'reading',
    mark: 3,
    markOption: 'partial',
    text: p('صنّف الكلمات الآتية إلى أسماء وأفعال.'),
    answerKey: {
      categories: [
        {
          id: 'k1',
          name: 'أسماء',
          options: [
            { id: 'w1', text: 'شجرة' },
            { id: 'w2', text: 'مدرسة' },
            { id: 'w3', text: 'قمر' },
          ],
        },
        {
          id: 'k2',
          name: 'أفعال',
          options: [
            { id: 'w4', text: 'كتبَ' },
            { id: 'w5', text: 'يلعبُ' },
            { id: 'w6', text: 'اِقرأْ' },
          ],
        },
      ],
    },
  },
  {
    kind: 'paragraph',
    skill: 'reading',
    mark: 6,
    markOption: 'all_or_nothing',
    text: p('اقرأ النص الآتي، ثم أجب عن الأسئلة.'),
    answerKey: {
      passage: p(
        'في صباح يوم مشمس، خرجت سارة مع جدها إلى الحديقة. زرعا معًا شجرة ليمون صغيرة، وسقياها بالماء. قال الجد: «ستكبر هذه الشجرة كما تكبرين أنتِ، وستعطينا ثمارًا لذيذة». فرحت سارة ووعدت جدها أن تعتني بها كل يوم.',
      ),
      children: [
        {
          id: 'q1',
          kind: 'single_choice',
          text: 'ماذا زرعت سارة مع جدها؟',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: {
            options: [
              { id: 's1', text: 'شجرة ليمون', correct: true },
              { id: 's2', text: 'شجرة تفاح', correct: false },
              { id: 's3', text: 'وردة حمراء', correct: false },
            ],
          },
        },
        {
          id: 'q2',
          kind: 'true_false',
          text: 'خرجت سارة إلى الحديقة في يوم ممطر.',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { correct: false },
        },
        {
          id: 'q3',
          kind: 'essay',
          text: 'لماذا فرحت سارة في رأيك؟ اكتب جملتين.',
          mark: 3,
          mark_option: 'all_or_nothing',
          definition: { max_words: 40 },
        },
      ],
    },
  },
];

/** A Saudi Arabian localization of the Arabic items: local names and places, same answers. */
export const SAUDI_TEXTS: Record<number, { text?: string; answer_key?: unknown }> = {
  5: { answer_key: { blanks: [{ id: 'f2', before: 'عاصمة وطني المملكة العربية السعودية هي' }] } },
  6: { answer_key: { items: [{ id: 'r2', text: 'فيصلُ' }] } },
  10: {
    answer_key: {
      passage: p(
        'في صباح يوم مشمس، خرجت نورة مع جدها إلى المزرعة. زرعا معًا نخلة صغيرة، وسقياها بالماء. قال الجد: «ستكبر هذه النخلة كما تكبرين أنتِ، وستعطينا تمرًا لذيذًا». فرحت نورة ووعدت جدها أن تعتني بها كل يوم.',
      ),
      children: [
        { id: 'q1', text: 'ماذا زرعت نورة مع جدها؟', definition: { options: [{ id: 's1', text: 'نخلة' }] } },
        { id: 'q2', text: 'خرجت نورة إلى المزرعة في يوم ممطر.' },
        { id: 'q3', text: 'لماذا فرحت نورة في رأيك؟ اكتب جملتين.' },
      ],
    },
  },
};
