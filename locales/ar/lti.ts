import type en from '../en/lti';

/** تشغيل LTI 1.3 من نظام إدارة التعلّم (المسألة 46): إعدادات المنصات. */
const ar: typeof en = {
  lti: {
    errors: {
      address: 'أدخل عنوان ويب يبدأ بـ https:// (أو http:// لمنصة اختبار).',
    },
  },
};

export default ar;
