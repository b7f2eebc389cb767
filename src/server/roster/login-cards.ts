import type { Language } from '../../../locales/index';
import { translate } from '../http/i18n';
import type { LoginCardsDocument } from '../pdf';
import type { LoginCard } from './student-accounts';

/** A class's login cards as the template lays them out, every label in the cards' language. */
export function loginCardsDocument(
  klass: { name_en: string; name_ar: string; school_en: string; school_ar: string },
  cards: LoginCard[],
  lang: Language,
  origin: string,
): LoginCardsDocument {
  const t = (key: string, params?: Record<string, string>) => translate(lang, `roster.cards.${key}`, params);
  const className = lang === 'ar' ? klass.name_ar : klass.name_en;
  return {
    template: 'login-cards',
    lang,
    title: t('title', { class: className }),
    school: lang === 'ar' ? klass.school_ar : klass.school_en,
    class: className,
    site: translate(lang, 'app.site_title'),
    address: `${origin}/login`,
    labels: {
      username: t('username'),
      password: t('password'),
      signed_in: t('signed_in'),
      address: t('address'),
      empty: t('empty'),
    },
    cards: cards.map((c) => ({ name_en: c.nameEn, name_ar: c.nameAr, username: c.username, password: c.password })),
  };
}
