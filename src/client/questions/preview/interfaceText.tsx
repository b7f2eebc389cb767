import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, type TranslateFunction } from 'react-admin';

type Translate = TranslateFunction;
import { plainText } from '../../../common/questions';
import { isRTL } from '../../../../locales/languages';
import { isolate } from '../../media';

export { isolate };

/** The longest piece of content a control's name quotes. */
const NAME_LENGTH = 40;

/**
 * A control's name from its content (“the cat” for a reordering item): plain text, spaces collapsed,
 * cut at a readable length, quoted the interface's way and isolated, so an Arabic text keeps its
 * direction in an English name and the reverse.
 */
export function contentName(html: string, translate: Translate): string {
  const text = plainText(html).replace(/\s+/g, ' ').trim();
  const short = text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH - 1).trimEnd()}…` : text;
  return translate('question_editor.preview_answer.quoted', { text: isolate(short) });
}

/** The last words of a text (what a blank comes after): its end, cut at a readable length. */
export function lastWords(text: string): string {
  const plain = plainText(text).replace(/\s+/g, ' ').trim();
  return plain.length > NAME_LENGTH ? `…${plain.slice(plain.length - NAME_LENGTH + 1).trimStart()}` : plain;
}

/** The first words of a text (what a blank comes before). */
export function firstWords(text: string): string {
  const plain = plainText(text).replace(/\s+/g, ' ').trim();
  return plain.length > NAME_LENGTH ? `${plain.slice(0, NAME_LENGTH - 1).trimEnd()}…` : plain;
}

/** The interface's language and direction, for interface words placed inside a question's content. */
export function useInterfaceLanguage(): { lang: string; dir: 'rtl' | 'ltr' } {
  const [locale] = useLocaleState();
  return { lang: locale, dir: isRTL(locale) ? 'rtl' : 'ltr' };
}

/**
 * Interface words inside content of another language (WCAG 3.1.2): spoken in the interface's
 * voice and laid out in its direction, so "0 of 60 words" does not turn into "of 60 words 0".
 */
export function InterfaceText({
  children,
  id,
  sx,
  block,
}: {
  children: ReactNode;
  id?: string;
  sx?: SxProps<Theme>;
  /** A block (div) rather than a span. */
  block?: boolean;
}) {
  const { lang, dir } = useInterfaceLanguage();
  return (
    <Box component={block ? 'div' : 'span'} lang={lang} dir={dir} id={id} sx={sx}>
      {children}
    </Box>
  );
}
