/**
 * Every demo student's name in both scripts (students are declared with a Latin and an Arabic name,
 * schemas/students.ts): each list names them once, in the script a school would first write.
 */
const OTHER_SCRIPT: Record<string, string> = {
  'Layla Student': 'ليلى الطالبة',
  'Yousef Hamdan': 'يوسف حمدان',
  'Mariam Saleh': 'مريم صالح',
  'Khalid Nasser': 'خالد ناصر',
  'Noura Ali': 'نورة علي',
  'Ahmad Zaki': 'أحمد زكي',
  'Reem Fares': 'ريم فارس',
  'Tariq Mansour': 'طارق منصور',
  'Salma Idris': 'سلمى إدريس',
  'Faisal Qasim': 'فيصل قاسم',
  'Hala Said': 'هالة سعيد',
  'Zaid Kareem': 'زيد كريم',
  'Omar Haddad': 'عمر حداد',
  'Lina Yassin': 'لينا ياسين',
  'Sami Rahal': 'سامي رحال',
  'Dina Khoury': 'دينا خوري',
  'Rami Saadeh': 'رامي سعادة',
  'Huda Barakat': 'هدى بركات',
  'Adam Younis': 'آدم يونس',
  'Bilal Awad': 'بلال عوض',
  'Karim Daher': 'كريم ضاهر',
  'Yara Haddad': 'يارا حداد',
  'Maya Nassar': 'مايا نصار',
  'Hadi Kanaan': 'هادي كنعان',
  'Lujain Tahan': 'لجين طحان',
  'Nabil Farah': 'نبيل فرح',
  'Sami Aziz': 'سامي عزيز',
  'Rami Saleh': 'رامي صالح',
  'Noor Hamdan': 'نور حمدان',
  'Zaid Qasem': 'زيد قاسم',
  'Fadi Sabbagh': 'فادي صباغ',
  'Dana Khoury': 'دانة خوري',
  'سارة المنصوري': 'Sara Al Mansouri',
  'جنى الحسن': 'Jana Al Hassan',
  'عمر الشامي': 'Omar Al Shami',
  'ريم العلي': 'Reem Al Ali',
  'لينا الخطيب': 'Lina Al Khatib',
  'هالة الزين': 'Hala Al Zein',
};

const isArabic = (name: string) => /[\u0600-\u06ff]/.test(name);

/** A demo student's names as stored: Latin, Arabic, and `name` a copy of the Latin one. */
export function studentNames(name: string): { name: string; name_en: string; name_ar: string } {
  const other = OTHER_SCRIPT[name];
  if (!other) throw new Error(`The demo has no other script for ${name}`);
  const [latin, arabic] = isArabic(name) ? [other, name] : [name, other];
  return { name: latin, name_en: latin, name_ar: arabic };
}
