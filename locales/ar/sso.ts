import type en from '../en/sso';

/** تسجيل الدخول الموحّد عبر OpenID Connect (المسألة 46). */
const ar: typeof en = {
  sso: {
    errors: {
      key_format: 'استخدم من 1 إلى 40 حرفًا لاتينيًا صغيرًا أو رقمًا أو شرطة، يبدأ وينتهي بحرف أو رقم.',
      key_taken: 'يستخدم مزوّد آخر هذا المفتاح.',
      issuer_url: 'أدخل عنوان جهة الإصدار لدى المزوّد، مثل https://login.example.org/tenant/v2.0.',
      issuer_https: 'يجب أن يبدأ عنوان جهة الإصدار بـ https://.',
      scopes_openid: 'يجب أن تتضمن النطاقات openid.',
      role_map: 'اكتب ربطًا واحدًا في كل سطر: قيمة المطالبة ثم = ثم admin أو author أو corrector أو school.',
      role_claim_required: 'اذكر اسم المطالبة التي يقرؤها ربط الأدوار (مثل groups أو roles).',
      create_needs_roles: 'لا يمكن إنشاء الحسابات إلا مع ربط للأدوار: أضفه أولًا.',
    },
  },
};

export default ar;
