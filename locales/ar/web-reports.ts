import type { Messages } from '../types';

/** التقارير التفاعلية: رسائل الخادم والشاشات. */
const messages: Pick<Messages, 'web_reports'> = {
  web_reports: {
    title: 'التقارير التفاعلية',
    leaderboard_rule: 'اختر مدرسة واحدة وجولة واحدة وصفًا واحدًا لعرض لوحة المتصدرين.',
    comparative_rule: 'اختر أكثر من مدرسة أو جولة أو عام دراسي للمقارنة بينها.',
    refreshed: 'تم تحديث أرقام التقارير التفاعلية.',
    refreshed_at: 'الأرقام كما في %{date}. تُحدَّث كل 24 ساعة.',
    never_refreshed: 'لم تُحدَّث الأرقام بعد.',
    included:
      'تشمل المتوسطات ومستويات التحصيل %{included} من أصل %{completed} من الاختبارات المكتملة: ما صُحِّح منها ونُشرت نتيجته ونُقل إلى التقارير.',
    refresh: 'تحديث الآن',
    refresh_error: 'تعذّر تحديث الأرقام.',
    filters: {
      platform: 'المنصة',
      schools: 'المدارس',
      academic_years: 'الأعوام الدراسية',
      rounds: 'الجولات',
      grades: 'الصفوف',
      all: 'الكل',
      comparative: 'العرض المقارن',
    },
    participation: {
      title: 'المشاركة',
      schools: 'المدارس',
      subscribed: 'الطلاب المشتركون',
      assigned: 'الاختبارات المسندة',
      completed: 'الاختبارات المكتملة',
      non_submitters: 'الاختبارات غير المسلَّمة',
      units:
        'يُحسب كل طالب مشترك مرة واحدة. أما أرقام الاختبارات فتُحسب مرة لكل طالب في كل اختبار: الطالب المكلف في جولتين يُحسب مرتين.',
    },
    average: 'متوسط الدرجة',
    results: 'النتائج',
    no_results: 'لا توجد نتائج مصححة لهذا الاختيار بعد.',
    skills: { title: 'متوسط الأداء في كل مهارة', axis: 'المتوسط (%)' },
    tiers: {
      title: 'توزيع الطلاب حسب مستوى التحصيل',
      below: 'دون المتوسط',
      within: 'ضمن المتوسط',
      above: 'فوق المتوسط',
      students: 'الطلاب',
    },
    comparative: {
      title: 'العرض المقارن',
      school: 'حسب المدرسة',
      round: 'حسب الجولة',
      academic_year: 'حسب العام الدراسي',
    },
    leaderboard: {
      title: 'لوحة المتصدرين',
      top: 'الطلاب الأعلى',
      lowest: 'الطلاب الأدنى',
      rank: 'الترتيب',
      student: 'الطالب',
      class: 'الشعبة',
      year: 'العام الدراسي',
      percent: 'الدرجة (%)',
      mark: 'العلامة',
      tier: 'مستوى التحصيل',
    },
    export: {
      png: 'تنزيل صورة PNG',
      csv: 'تصدير CSV',
      xlsx: 'تصدير Excel',
      section: 'القسم',
      item: 'البند',
      value: 'القيمة',
      file: 'تقرير-تفاعلي',
    },
  },
};

export default messages;
