import type { Messages } from '../types';

/** تعيين الاختبارات للطلاب، واختبار الطالب. */
const messages: Pick<Messages, 'delivery'> = {
  delivery: {
    errors: {
      assign_unpublished: 'لا يمكن تعيين اختبار غير منشور. انشره أولًا.',
      window_outside_exam: 'يجب أن تقع فترة التعيين داخل فترة الاختبار نفسه.',
      window_order: 'يجب أن يكون وقت الانتهاء بعد وقت البدء.',
      invalid_date_time: 'أدخل التاريخ والوقت بالصيغة YYYY-MM-DD HH:mm:ss.',
      localization_invalid: 'اختر نسخة مترجمة منشورة من هذا الاختبار.',
      nothing_to_assign: 'اختر مدرسة أو طالبًا واحدًا على الأقل.',
      not_open_yet: 'لم يبدأ هذا الاختبار بعد.',
      closed: 'انتهت فترة هذا الاختبار.',
      already_submitted: 'تم تسليم هذا الاختبار من قبل.',
      unavailable: 'هذا الاختبار غير متاح حاليًا: يجري تعديله.',
      deadline_passed: 'انتهى وقت هذا الاختبار: لم تُحفظ الإجابة.',
      attempt_replaced: 'هذه الإجابات من محاولة سابقة لهذا الاختبار انتهت، فلم تُحفظ.',
      not_started: 'ابدأ الاختبار أولًا.',
      question_not_in_exam: 'هذا السؤال ليس من أسئلة الاختبار.',
      recording_not_yours: 'يجب أن يكون التسجيل من رفعك أنت لهذا الاختبار.',
      replay_limit: 'شُغّلت هذه الوسائط العدد المسموح به من المرات.',
      not_a_student: 'هذا الحساب غير مرتبط بطالب.',
      unpublish_started: 'بدأ طلاب هذا الاختبار، لذا لا يمكن إلغاء نشره.',
    },
    skipped: {
      not_eligible: 'الطالب غير مؤهل لهذا الاختبار (المنصة أو الصف أو المستوى).',
      unknown_student: 'لا يوجد طالب بهذا الرقم.',
    },
    assign: {
      action: 'تعيين',
      title: 'تعيين «%{name}»',
      schools: 'المدارس',
      schools_help: 'اختر مدارس كاملة، أو افتح مدرسة لتختار بعض طلابها.',
      no_schools: 'لا توجد مدرسة فيها طلاب مؤهلون لهذا الاختبار (المنصة أو الصف أو المستوى).',
      counts: '%{eligible} مؤهل، %{assigned} معيّن',
      whole_school: 'المدرسة كاملة',
      students_of: 'طلاب %{school}',
      class_filter: 'الشعبة',
      all_classes: 'كل الشعب',
      search: 'البحث بالاسم',
      assigned: 'معيّن',
      started: 'بدأ',
      window: 'متى يمكن للطلاب أداؤه',
      options: 'الخيارات',
      release_results: 'متى تُعرض النتائج',
      release_help:
        'تصل النتائج (الدرجات، والإجابات الصحيحة حيث تُعرض) إلى الطلاب وموظفي المدارس عند انتهاء الفترة، أو فقط حين يعلنها مؤلف أو مسؤول. تعرض الاختبارات التجريبية نتائجها فورًا.',
      release_modes: { after_close: 'عند انتهاء فترة الاختبار', manual: 'عند إعلانها من مؤلف أو مسؤول' },
      show_answers: 'إظهار الإجابات الصحيحة بعد التسليم',
      shuffle_questions: 'ترتيب الأسئلة عشوائيًا',
      shuffle_choices: 'ترتيب الخيارات عشوائيًا',
      localization: 'النسخة',
      original: 'الاختبار الأصلي',
      selected: 'المحدد: %{schools} مدارس و%{students} طلاب',
      submit: 'تعيين',
      reassign: 'إعادة التعيين',
      reassign_title: 'إعادة تعيين الاختبار',
      reassign_content:
        'سيبدأ الطلاب المحددون من جديد. لدى %{count} منهم إجابات في هذا الاختبار وستُمحى. لا يمكن التراجع عن ذلك.',
      outcome: 'عُيّن %{assigned}، وكان %{already} معيّنين من قبل، وتُخطّي %{skipped}',
    },
  },
};

export default messages;
