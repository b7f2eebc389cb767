/**
 * What a class's login cards show, already in their language; it reaches the Typst template
 * (templates/login-cards.typ) as JSON through `sys.inputs.data`, never by interpolation.
 */
export interface LoginCardsDocument {
  template: 'login-cards';
  lang: 'en' | 'ar';
  title: string;
  school: string;
  class: string;
  /** The product's name, at the top of each card. */
  site: string;
  /** Where to sign in. */
  address: string;
  labels: { username: string; password: string; address: string; empty: string };
  /** `note`: why a card shows no password (its earlier card's still works, or the student signed in). */
  cards: { name_en: string; name_ar: string; username: string; password: string | null; note: string | null }[];
}
