import type { Messages } from '../types';

/** Uploads, the audio recorder and the uploader widgets. */
const messages: Pick<Messages, 'media' | 'recorder' | 'uploader'> = {
  media: {
    file_required: 'يرجى اختيار ملف',
    label_required: 'يرجى إدخال وصف للملف',
    label_invalid: 'يمكن أن يحتوي وصف الملف على الأحرف والأرقام والشرطات والشرطات السفلية والخطوط المائلة فقط',
    type_not_allowed: 'نوع هذا الملف غير مسموح به',
    too_large: 'حجم الملف كبير جدًا',
    uploaded: 'تم رفع الملف بنجاح',
    quota_exceeded: 'لقد بلغت الحد الأقصى للرفع وهو %{megabytes} ميغابايت خلال آخر 24 ساعة. يرجى المحاولة لاحقًا.',
    malformed_upload: 'تعذّرت قراءة الملف المرفوع. يرجى اختيار الملف مرة أخرى وإعادة المحاولة.',
    too_many_parts: 'أرسل ملفًا واحدًا مع وصفه فقط.',
    answer_not_audio: 'يجب أن تكون الإجابة الشفهية تسجيلًا صوتيًا.',
    answer_question_invalid: 'هذا التسجيل ليس لسؤال شفهي في اختبار تؤدّيه الآن.',
    in_answer: 'هذا التسجيل جزء من إجابة، لذا لا يمكن حذفه.',
  },
  recorder: {
    title: 'مسجّل الصوت',
    record: 'تسجيل',
    stop: 'إيقاف',
    play: 'تشغيل',
    pause: 'إيقاف مؤقت',
    retry: 'إعادة المحاولة',
    save: 'حفظ',
    record_again: 'تسجيل من جديد',
    elapsed: 'تم تسجيل %{elapsed}، ويتبقى %{remaining}',
    progress: 'مدة التسجيل',
    max_duration: 'حتى %{time}',
    plays_left: 'مرات التشغيل المتبقية: %{count} من %{max}',
    no_recording: 'لا يوجد تسجيل بعد',
    no_microphone: 'لم يُعثر على ميكروفون. يُرجى توصيل ميكروفون والمحاولة مرة أخرى.',
    permission_denied:
      'تم رفض الوصول إلى الميكروفون. يُرجى السماح باستخدام الميكروفون من إعدادات المتصفح والمحاولة مرة أخرى.',
    unsupported: 'لا يستطيع هذا المتصفح تسجيل الصوت بالصيغة المطلوبة.',
    failed: 'تعذّر بدء التسجيل. يُرجى المحاولة مرة أخرى.',
    waiting_upload: 'محفوظ على هذا الجهاز: سيُرسل فور عودة الاتصال.',
  },
  uploader: {
    image: 'الصورة',
    audio: 'الملف الصوتي',
    document: 'المستند',
    file: 'الملف',
    choose: 'اختيار ملف',
    no_file: 'لم يتم اختيار ملف',
    upload: 'رفع',
    uploading: 'جارٍ الرفع',
    remove: 'إزالة',
    failed: 'حدث خطأ أثناء الرفع',
    failed_file: 'حدث خطأ أثناء رفع الملف',
    preview_alt: 'الصورة المرفوعة',
    audio_player: 'الملف الصوتي المرفوع',
  },
};

export default messages;
