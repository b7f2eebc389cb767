import type { ResourceLabels } from '../types';
import questions from './questions';

/** Labels of the resources declared in schemas/ (resources.<name>.name and .fields). */
const messages: ResourceLabels = {
  resources: {
    'scale-cuts': {
      name: 'درجات القطع |||| درجات القطع |||| درجات القطع |||| درجات القطع |||| درجات القطع |||| درجات القطع',
      item: 'مجموعة درجات القطع',
      items: 'مجموعات درجات القطع',
      fields: {
        scale_id: 'المقياس',
        grade_id: 'الصف',
        level_id: 'المستوى',
        approaching_from: 'يقترب من التوقع ابتداءً من',
        meeting_from: 'يحقق التوقع ابتداءً من',
        exceeding_from: 'يتجاوز التوقع ابتداءً من',
      },
      help: {
        approaching_from:
          'الدرجة على المقياس التي يبدأ منها طالب هذا الصف أو المستوى في الاقتراب من التوقع؛ وما دونها «دون التوقع».',
        meeting_from: 'الدرجة على المقياس التي يبدأ منها الطالب في تحقيق التوقع.',
        exceeding_from: 'الدرجة على المقياس التي يبدأ منها الطالب في تجاوز التوقع.',
      },
    },
    scales: {
      name: 'المقاييس |||| مقياس |||| المقاييس |||| المقاييس |||| المقاييس |||| المقاييس',
      item: 'المقياس',
      items: 'المقاييس',
      fields: { skill_id: 'المهارة', score_origin: 'الدرجة المعيارية عند صفر لوجيت', score_unit: 'النقاط لكل لوجيت' },
      help: {
        skill_id: 'مقياس واحد لكل مهارة في كل منصة: كل اختبارات المهارة تُقاس عليه.',
        score_origin: 'الدرجة المعيارية للطالب هي هذه القيمة مضافًا إليها النقاط لكل لوجيت مضروبةً في قدرته.',
        score_unit: 'مثلًا 200 + 10 × اللوجيت: القدرات من −3 إلى 3 لوجيت تُقرأ من 170 إلى 230.',
      },
    },
    exams: {
      name: 'الاختبارات |||| اختبار |||| اختباران |||| اختبارات |||| اختبارًا |||| اختبار',
      item: 'الاختبار',
      items: 'الاختبارات',
      fields: {
        duration_id: 'المدة',
        grade_id: 'الصف',
        level_id: 'المستوى',
        round_id: 'الجولة',
        academic_year_id: 'العام الدراسي',
        exam_type_id: 'نوع الاختبار',
        skill_ids: 'المهارات',
        start_date_time: 'البداية',
        end_date_time: 'النهاية',
        min_mark: 'الدرجة الدنيا',
        max_mark: 'الدرجة القصوى',
        pass_mark: 'درجة النجاح',
        questions_per_page: 'عدد الأسئلة في الصفحة',
        double_marking: 'تصحيح مزدوج',
        double_marking_threshold: 'الفرق الذي يستلزم تصحيحًا حاسمًا (%)',
        anonymous_marking: 'تصحيح دون أسماء',
        tags: 'الوسوم',
        questions_count: 'الأسئلة',
        total_mark: 'الدرجة الكلية',
      },
    },
    'questions-bank': {
      name: 'بنك الأسئلة |||| سؤال |||| سؤالان |||| أسئلة |||| سؤالًا |||| سؤال',
      item: 'السؤال',
      items: 'الأسئلة',
      sections: {
        question: 'السؤال',
        classification: 'التصنيف',
        marking: 'الدرجات',
        media: 'الوسائط',
        answer: 'الإجابة',
      },
      choices: {
        answer_type: questions.question_editor.kinds,
        mark_option: { all_or_nothing: 'الدرجة كاملة أو لا شيء', partial: 'درجة جزئية لكل جزء صحيح' },
        media_type: { none: 'بدون وسائط', image: 'صورة', audio: 'صوت' },
        content_language: { en: 'الإنجليزية', ar: 'العربية' },
      },
      fields: {
        text: 'نص السؤال',
        content_language: 'لغة المحتوى',
        question_type_id: 'نوع السؤال',
        skill_id: 'المهارة',
        learning_outcome_id: 'ناتج التعلم',
        difficulty_level_id: 'مستوى الصعوبة',
        cognitive_level_id: 'المستوى المعرفي',
        depth_of_knowledge_id: 'عمق المعرفة',
        mark: 'الدرجة',
        mark_option: 'خيارات الدرجة',
        media_type: 'الوسائط',
        media_image: 'الصورة',
        media_audio: 'الملف الصوتي',
        media_replay_count: 'عدد مرات تشغيل الوسائط',
        media_alt: 'النص البديل',
        instruction_audio: 'التعليمات الصوتية',
        answer_type: 'نوع الإجابة',
        media: 'ملف الوسائط',
        answer_key: 'الإجابة',
      },
    },
    // Six plural forms, as explained at demo-requests below; `item` and `items` are the definite nouns used inside
    // sentences ("تم إنشاء المهارة بنجاح", "حدث خطأ أثناء جلب المهارات").
    skills: {
      name: 'المهارات |||| مهارة |||| المهارات |||| المهارات |||| المهارات |||| المهارات',
      item: 'المهارة',
      items: 'المهارات',
      fields: {},
    },
    'academic-years': {
      name: 'الأعوام الدراسية |||| عام دراسي |||| الأعوام الدراسية |||| الأعوام الدراسية |||| الأعوام الدراسية |||| الأعوام الدراسية',
      item: 'العام الدراسي',
      items: 'الأعوام الدراسية',
      fields: {},
    },
    rounds: {
      name: 'الجولات |||| جولة |||| الجولات |||| الجولات |||| الجولات |||| الجولات',
      item: 'الجولة',
      items: 'الجولات',
      fields: {},
    },
    grades: {
      name: 'الصفوف |||| صف |||| الصفوف |||| الصفوف |||| الصفوف |||| الصفوف',
      item: 'الصف',
      items: 'الصفوف',
      fields: { ceds_code: 'رمز الصف في OneRoster ‏(CEDS)' },
      help: {
        ceds_code:
          'الرمز الذي تسمّي به ملفات OneRoster هذا الصف (KG، ومن 01 إلى 13): يقرأ استيراد سجل الطلاب صفوفها به.',
      },
    },
    levels: {
      name: 'المستويات |||| مستوى |||| المستويات |||| المستويات |||| المستويات |||| المستويات',
      item: 'المستوى',
      items: 'المستويات',
      fields: {},
    },
    durations: {
      name: 'المدد الزمنية |||| مدة زمنية |||| المدد الزمنية |||| المدد الزمنية |||| المدد الزمنية |||| المدد الزمنية',
      item: 'المدة الزمنية',
      items: 'المدد الزمنية',
      fields: { number: 'عدد الدقائق' },
    },
    'exam-types': {
      name: 'أنواع الاختبارات |||| نوع اختبار |||| أنواع الاختبارات |||| أنواع الاختبارات |||| أنواع الاختبارات |||| أنواع الاختبارات',
      title: 'أنواع الاختبارات',
      item: 'نوع الاختبار',
      items: 'أنواع الاختبارات',
      fields: { is_mock: 'اختبار تجريبي' },
    },
    'cognitive-levels': {
      name: 'المستويات المعرفية |||| مستوى معرفي |||| المستويات المعرفية |||| المستويات المعرفية |||| المستويات المعرفية |||| المستويات المعرفية',
      item: 'المستوى المعرفي',
      items: 'المستويات المعرفية',
      fields: {},
    },
    'difficulty-levels': {
      name: 'مستويات الصعوبة |||| مستوى صعوبة |||| مستويات الصعوبة |||| مستويات الصعوبة |||| مستويات الصعوبة |||| مستويات الصعوبة',
      item: 'مستوى الصعوبة',
      items: 'مستويات الصعوبة',
      fields: {},
    },
    'learning-outcomes': {
      name: 'نواتج التعلم |||| ناتج تعلم |||| نواتج التعلم |||| نواتج التعلم |||| نواتج التعلم |||| نواتج التعلم',
      item: 'ناتج التعلم',
      items: 'نواتج التعلم',
      fields: {
        skill_id: 'المهارة',
        grade_id: 'الصف',
        level_id: 'المستوى',
      },
    },
    'depth-of-knowledges': {
      name: 'عمق المعرفة |||| مستوى عمق المعرفة |||| عمق المعرفة |||| عمق المعرفة |||| عمق المعرفة |||| عمق المعرفة',
      item: 'مستوى عمق المعرفة',
      items: 'مستويات عمق المعرفة',
      fields: {},
    },
    'question-types': {
      name: 'أنواع الأسئلة |||| نوع سؤال |||| أنواع الأسئلة |||| أنواع الأسئلة |||| أنواع الأسئلة |||| أنواع الأسئلة',
      title: 'أنواع الأسئلة',
      item: 'نوع السؤال',
      items: 'أنواع الأسئلة',
      fields: {},
    },
    schools: {
      name: 'المدارس |||| مدرسة |||| المدارس |||| المدارس |||| المدارس |||| المدارس',
      item: 'المدرسة',
      items: 'المدارس',
      fields: {},
    },
    students: {
      name: 'الطلاب |||| طالب |||| الطلاب |||| الطلاب |||| الطلاب |||| الطلاب',
      item: 'الطالب',
      items: 'الطلاب',
      choices: { gender: { male: 'ذكر', female: 'أنثى' } },
      fields: {
        school_id: 'المدرسة',
        school_class_id: 'الشعبة',
        grade_id: 'الصف',
        level_id: 'المستوى',
        gender: 'الجنس',
        nationality: 'الجنسية',
        student_number: 'رقم الطالب',
        national_id: 'رقم الهوية الوطنية',
        date_of_birth: 'تاريخ الميلاد',
        is_active: 'نشط',
        extra_time_percent: 'الوقت الإضافي (%)',
        extra_time_minutes: 'الوقت الإضافي (بالدقائق)',
        extra_time_reason: 'سبب الوقت الإضافي',
        is_complete: 'مكتمل البيانات',
      },
      help: {
        extra_time: 'تسهيل: نسبة من مدة الاختبار تُضاف لهذا الطالب.',
        extra_time_minutes: 'دقائق تُضاف إلى كل اختبار موقوت يؤديه هذا الطالب، بما فيها الاختبارات التجريبية.',
      },
    },
    'school-classes': {
      name: 'الشُّعب |||| شعبة |||| الشُّعب |||| الشُّعب |||| الشُّعب |||| الشُّعب',
      item: 'الشعبة',
      items: 'الشُّعب',
      fields: {
        school_id: 'المدرسة',
        grade_id: 'الصف',
      },
    },
    platforms: {
      name: 'منصات التعلم |||| منصة تعلم |||| منصات التعلم |||| منصات التعلم |||| منصات التعلم |||| منصات التعلم',
      title: 'منصات التعلم',
      item: 'المنصة',
      items: 'المنصات',
      fields: {
        identifier: 'الرمز',
        tier_within_from: 'ضمن المتوسط ابتداءً من (٪)',
        tier_above_from: 'فوق المتوسط ابتداءً من (٪)',
      },
    },
    users: {
      // The plural names the screen, as in the English catalog.
      name: 'إدارة المستخدمين |||| مستخدم |||| إدارة المستخدمين |||| إدارة المستخدمين |||| إدارة المستخدمين |||| إدارة المستخدمين',
      title: 'إدارة المستخدمين',
      item: 'المستخدم',
      items: 'المستخدمين',
      fields: {
        email: 'البريد الإلكتروني',
        is_active: 'نشط',
        roles: 'الأدوار',
        school_ids: 'المدارس (يرى موظفو المدرسة هذه المدارس فقط)',
        password: 'كلمة المرور',
        password_confirmation: 'تأكيد كلمة المرور',
      },
    },
    'demo-requests': {
      // Six Arabic plural forms (0, 1, 2, 3-10, 11-99, 100+). react-admin asks for
      // smart_count 2 when it means "the plural label", so every form but "one" is the plural.
      name: 'طلبات العروض التوضيحية |||| طلب عرض توضيحي |||| طلبات العروض التوضيحية |||| طلبات العروض التوضيحية |||| طلبات العروض التوضيحية |||| طلبات العروض التوضيحية',
      fields: {
        first_name: 'الاسم الأول',
        last_name: 'اسم العائلة',
        institute: 'المؤسسة التعليمية',
        email: 'البريد الإلكتروني',
        country: 'الدولة',
        created_at: 'تاريخ الطلب',
      },
    },
  },
};

export default messages;
