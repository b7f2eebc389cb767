import type { Messages } from '../types';

/** What a signed-out visitor sees: the landing page, Request a Demo and sign-in. */
const messages: Pick<Messages, 'landing' | 'demo' | 'login'> = {
  landing: {
    title: 'الصفحة الرئيسية',
    headline: 'قِس مهارات اللغة العربية بثقة',
    tagline:
      'منصة تقييم ثنائية اللغة للمدارس: أنشئ اختبارات معيارية، وقدّمها عبر الإنترنت، وصحّح الإجابات، وشارك تقارير واضحة مع المعلمين وقادة المدارس.',
    request_demo: 'اطلب عرضًا توضيحيًا',
    skills_title: 'أربع مهارات في منصة واحدة',
    skills_intro: 'يقيس كل اختبار المهارات التي تتكوّن منها الكفاءة في اللغة العربية.',
    reading: 'القراءة',
    reading_text: 'فهم النصوص بمستويات صعوبة متدرجة، من الكلمات المفردة إلى الفقرات الطويلة.',
    writing: 'الكتابة',
    writing_text: 'الإملاء والقواعد والتعبير الكتابي، يصححها معلموك وفق معايير واضحة.',
    listening: 'الاستماع',
    listening_text: 'مقاطع صوتية تتبعها أسئلة تتحقق من فهم اللغة العربية المنطوقة.',
    speaking: 'التحدث',
    speaking_text: 'يسجّل الطلاب إجاباتهم الشفهية في المتصفح لتُصحَّح لاحقًا.',
    demo_title: 'اطلب عرضًا توضيحيًا',
    demo_intro: 'أخبرنا عن مؤسستك، وسيتواصل معك فريقنا لترتيب عرض توضيحي.',
    first_name: 'الاسم الأول',
    last_name: 'اسم العائلة',
    institute: 'المؤسسة التعليمية',
    email: 'البريد الإلكتروني',
    country: 'الدولة',
    submit: 'إرسال الطلب',
    demo_sent: 'شكرًا لك! تلقّينا طلب العرض التوضيحي وسنتواصل معك قريبًا.',
    footer: '© %{year} %{site}. جميع الحقوق محفوظة.',
  },
  demo: {
    first_name_required: 'يرجى إدخال اسمك الأول',
    last_name_required: 'يرجى إدخال اسم العائلة',
    institute_required: 'يرجى إدخال اسم المؤسسة',
    email_invalid: 'يرجى إدخال بريد إلكتروني صالح',
    country_required: 'يرجى اختيار الدولة',
  },
  login: {
    title: 'تسجيل الدخول',
    subtitle: 'سجّل الدخول بالحساب الذي زوّدك به المسؤول.',
    email: 'البريد الإلكتروني أو اسم المستخدم',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    back_home: 'العودة إلى الصفحة الرئيسية',
  },
};

export default messages;
