/** A test student's names as the table holds them: one name, in both columns, `name` a copy. */
export const bothNames = (name: string) => ({ name, name_en: name, name_ar: name });
