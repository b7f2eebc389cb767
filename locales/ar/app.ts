import type { Messages } from '../types';

/** The console shell: site title, header navigation, language names and the shared pages. */
const messages: Pick<Messages, 'app' | 'nav' | 'languages' | 'common' | 'block' | 'not_found' | 'restricted'> = {
  app: {
    site_title: 'تقييم اللغة العربية المعياري',
    select_row: 'تحديد %{name}',
  },
  nav: {
    main: 'التنقل الرئيسي',
    home: 'الصفحة الرئيسية',
    exams: 'الاختبارات',
    questions_bank: 'بنك الأسئلة',
    reports: 'التقارير',
    all_reports: 'جميع التقارير',
    schools_list: 'قائمة المدارس',
    web_reports: 'التقارير التفاعلية',
    settings: 'الإعدادات',
    exams_settings: 'إعدادات الاختبارات',
    questions_settings: 'إعدادات الأسئلة',
    system_settings: 'إعدادات النظام',
    demo_requests: 'طلبات العروض التوضيحية',
    audit_log: 'سجل التدقيق',
    privacy: 'الخصوصية والاحتفاظ بالبيانات',
    roles: 'الأدوار والصلاحيات',
    waiting: 'التصحيح',
    school_home: 'مدرستي',
    bookmark: 'درجات القطع (طريقة العلامة المرجعية)',
    simulator: 'محاكي الاختبار التكيفي',
    calibrations: 'المعايرات',
    roster: 'سجل الطلاب',
    language: 'اللغة',
    user_menu: 'قائمة المستخدم',
    profile: 'الملف الشخصي',
    logout: 'تسجيل الخروج',
    logout_confirm_title: 'تسجيل الخروج',
    logout_confirm_content: 'هل تريد بالتأكيد تسجيل الخروج؟',
    sign_in: 'تسجيل الدخول',
  },
  languages: {
    en: 'English',
    ar: 'العربية',
  },
  common: {
    go_home: 'الانتقال إلى الصفحة الرئيسية',
  },
  block: {
    title: 'يرجى استخدام شاشة أكبر',
    message:
      'يعمل هذا التطبيق على أجهزة الحاسوب المكتبية والمحمولة فقط. يرجى فتحه على حاسوب مكتبي أو محمول، أو توسيع نافذة المتصفح إلى أكثر من 1024 بكسل.',
  },
  not_found: {
    title: 'الصفحة غير موجودة',
    message: 'الصفحة التي تبحث عنها غير موجودة أو تم نقلها.',
  },
  restricted: {
    title: 'الوصول مقيّد',
  },
};

export default messages;
