import type { CommonFieldLabels } from '../types';

/** Labels of the fields most resources share (see ../common-fields.ts). */
const labels: CommonFieldLabels = {
  id: 'المعرّف',
  name: 'الاسم',
  name_en: 'الاسم بالإنجليزية',
  name_ar: 'الاسم بالعربية',
  platform_id: 'المنصة',
  created_at: 'تاريخ الإنشاء',
  updated_at: 'تاريخ التحديث',
  is_published: 'منشور',
};

export default labels;
