/**
 * The settings lists of the demo, in real English and Arabic. Each platform gets its own copy
 * (lookups belong to a platform). IRA goes by grades, ISA by levels.
 */
export interface Named {
  en: string;
  ar: string;
}

export const SKILLS = {
  reading: { en: 'Reading', ar: 'القراءة' },
  writing: { en: 'Writing', ar: 'الكتابة' },
  listening: { en: 'Listening', ar: 'الاستماع' },
  speaking: { en: 'Speaking', ar: 'التحدث' },
} satisfies Record<string, Named>;

export type SkillKey = keyof typeof SKILLS;

export const ROUNDS: Named[] = [
  { en: 'Round 1', ar: 'الجولة الأولى' },
  { en: 'Round 2', ar: 'الجولة الثانية' },
  { en: 'Round 3', ar: 'الجولة الثالثة' },
];

export const GRADES: Named[] = [
  { en: 'Grade 3', ar: 'الصف الثالث' },
  { en: 'Grade 4', ar: 'الصف الرابع' },
  { en: 'Grade 5', ar: 'الصف الخامس' },
  { en: 'Grade 6', ar: 'الصف السادس' },
];

export const LEVELS: Named[] = [
  { en: 'Level 1 (Beginner)', ar: 'المستوى الأول (مبتدئ)' },
  { en: 'Level 2 (Elementary)', ar: 'المستوى الثاني (أساسي)' },
  { en: 'Level 3 (Intermediate)', ar: 'المستوى الثالث (متوسط)' },
  { en: 'Level 4 (Advanced)', ar: 'المستوى الرابع (متقدم)' },
];

export const DURATIONS: (Named & { minutes: number })[] = [
  { en: '30 minutes', ar: '30 دقيقة', minutes: 30 },
  { en: '45 minutes', ar: '45 دقيقة', minutes: 45 },
  { en: '60 minutes', ar: '60 دقيقة', minutes: 60 },
  { en: '90 minutes', ar: '90 دقيقة', minutes: 90 },
];

export const EXAM_TYPES: (Named & { mock: boolean })[] = [
  { en: 'Benchmark test', ar: 'اختبار معياري', mock: false },
  { en: 'Diagnostic test', ar: 'اختبار تشخيصي', mock: false },
  { en: 'Mock test', ar: 'اختبار تجريبي', mock: true },
];

export const QUESTION_TYPES: Named[] = [
  { en: 'Comprehension', ar: 'الفهم والاستيعاب' },
  { en: 'Vocabulary', ar: 'المفردات' },
  { en: 'Grammar', ar: 'القواعد النحوية' },
  { en: 'Expression', ar: 'التعبير' },
];

export const DIFFICULTY_LEVELS: Named[] = [
  { en: 'Easy', ar: 'سهل' },
  { en: 'Medium', ar: 'متوسط' },
  { en: 'Hard', ar: 'صعب' },
];

export const COGNITIVE_LEVELS: Named[] = [
  { en: 'Remember', ar: 'التذكر' },
  { en: 'Understand', ar: 'الفهم' },
  { en: 'Apply', ar: 'التطبيق' },
  { en: 'Analyse', ar: 'التحليل' },
];

export const DEPTHS_OF_KNOWLEDGE: Named[] = [
  { en: 'Level 1: Recall', ar: 'المستوى 1: الاستدعاء' },
  { en: 'Level 2: Skills and concepts', ar: 'المستوى 2: المهارات والمفاهيم' },
  { en: 'Level 3: Strategic thinking', ar: 'المستوى 3: التفكير الاستراتيجي' },
  { en: 'Level 4: Extended thinking', ar: 'المستوى 4: التفكير الممتد' },
];

/** One learning outcome per skill for each of the four grades or levels, easiest first. */
export const LEARNING_OUTCOMES: Record<SkillKey, Named[]> = {
  reading: [
    {
      en: 'Reads short vowelled words and sentences aloud accurately',
      ar: 'يقرأ كلمات وجملًا قصيرة مشكولة قراءة جهرية صحيحة',
    },
    { en: 'Identifies the main idea of a short text', ar: 'يحدد الفكرة الرئيسة في نص قصير' },
    { en: 'Infers the meaning of new words from their context', ar: 'يستنتج معاني المفردات الجديدة من السياق' },
    { en: 'Distinguishes fact from opinion in an informational text', ar: 'يميز بين الحقيقة والرأي في نص معلوماتي' },
  ],
  writing: [
    { en: 'Writes letters and words with correct joining', ar: 'يكتب الحروف والكلمات متصلة اتصالًا صحيحًا' },
    {
      en: 'Writes a complete simple sentence with correct punctuation',
      ar: 'يكتب جملة بسيطة تامة مع علامات الترقيم الصحيحة',
    },
    { en: 'Writes a short descriptive paragraph', ar: 'يكتب فقرة وصفية قصيرة' },
    {
      en: 'Writes a short opinion essay with supporting reasons',
      ar: 'يكتب مقالًا قصيرًا يعبر فيه عن رأيه مع ذكر الأسباب',
    },
  ],
  listening: [
    { en: 'Recognises familiar words in short spoken phrases', ar: 'يتعرف على كلمات مألوفة في عبارات مسموعة قصيرة' },
    { en: 'Follows simple spoken instructions', ar: 'ينفذ تعليمات شفهية بسيطة' },
    { en: 'Identifies details in a short spoken text', ar: 'يحدد التفاصيل في نص مسموع قصير' },
    { en: 'Summarises the main points of a spoken text', ar: 'يلخص الأفكار الرئيسة لنص مسموع' },
  ],
  speaking: [
    { en: 'Introduces himself or herself in simple sentences', ar: 'يعرّف بنفسه بجمل بسيطة' },
    { en: 'Describes a picture in connected sentences', ar: 'يصف صورة بجمل مترابطة' },
    { en: 'Retells a story in the correct order of events', ar: 'يعيد سرد قصة بترتيب أحداثها الصحيح' },
    { en: 'Presents and defends a point of view', ar: 'يعرض وجهة نظر ويدافع عنها' },
  ],
};

export const ACADEMIC_YEARS: Named[] = [
  { en: '2025-2026', ar: '2025-2026' },
  { en: '2026-2027', ar: '2026-2027' },
];

export const PLATFORMS = [
  { identifier: 'IRA', en: 'International Reading Assessment', ar: 'التقييم الدولي للقراءة' },
  { identifier: 'ISA', en: 'International Standards Assessment', ar: 'تقييم المعايير الدولية' },
] as const;
