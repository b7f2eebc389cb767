import en from './en/index';
import ar from './ar/index';
import type { Messages, StudentMessages } from './types';
import type { Language } from './languages';

export type { Messages, StudentMessages };
// The languages and their helpers live apart from the catalogs, so code that needs only them
// (the student boot) does not download both catalogs.
export * from './languages';

export const catalogs: Record<Language, Messages> = { en, ar };
