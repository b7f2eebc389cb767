/** Labels of the fields most resources share (see ../common-fields.ts). */
export default {
  id: 'ID',
  name: 'Name',
  name_en: 'Name (English)',
  name_ar: 'Name (Arabic)',
  platform_id: 'Platform',
  created_at: 'Created',
  updated_at: 'Updated',
  is_published: 'Published',
};
