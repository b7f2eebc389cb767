import type en from '../en/sso';

/** تسجيل الدخول الموحّد عبر OpenID Connect وSAML 2.0 (المسألة 46). */
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
      school_map: 'اكتب ربطًا واحدًا في كل سطر: قيمة المطالبة ثم = ثم رقم مدرسة.',
      school_claim_required: 'اذكر اسم المطالبة التي يقرؤها ربط المدارس (مثل schools أو groups).',
      school_unknown: 'يذكر أحد الأسطر رقم مدرسة غير موجود في قائمة المدارس.',
      create_needs_roles: 'لا يمكن إنشاء الحسابات إلا مع ربط للأدوار: أضفه أولًا.',
      client_id_required: 'أدخل معرّف العميل الذي منحه المزوّد لهذا التطبيق.',
      entity_id: 'أدخل معرّف كيان مزوّد الهوية: عنوانًا (https://...) أو اسمًا يبدأ بـ urn:.',
      sso_url_required: 'أدخل عنوان تسجيل الدخول لدى مزوّد الهوية.',
      sso_url: 'أدخل عنوان تسجيل الدخول لدى مزوّد الهوية، مثل https://idp.example.org/saml2/sso.',
      sso_url_https: 'يجب أن يبدأ عنوان تسجيل الدخول بـ https://.',
      certificate_required: 'الصق شهادة التوقيع الخاصة بمزوّد الهوية.',
      certificate: 'الصق الشهادة بصيغة PEM، من -----BEGIN CERTIFICATE----- إلى -----END CERTIFICATE-----.',
    },
  },
};

export default ar;
