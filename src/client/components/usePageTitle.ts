import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { isBlocked } from './blockQuery';

/** The title the page underneath wants, kept while the block page covers it (and set when it goes). */
let pageTitle: string | null = null;

/** The title to restore when the block page goes: the page's own, or what the tab had before. */
export const currentPageTitle = (fallback: string): string => pageTitle ?? fallback;

/** SPEC section 2: the page title is the route title plus the site title. */
export function usePageTitle(titleKey: string): void {
  const translate = useTranslate();
  const title = `${translate(titleKey)} | ${translate('app.site_title')}`;
  useEffect(() => {
    pageTitle = title;
    // While the block page covers the console, its title stays (and it restores this one after,
    // even when the page opened narrow and never set it).
    if (!isBlocked()) document.title = title;
  }, [title]);
}
