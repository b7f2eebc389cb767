import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { isBlocked } from './blockQuery';

/** SPEC section 2: the page title is the route title plus the site title. */
export function usePageTitle(titleKey: string): void {
  const translate = useTranslate();
  const title = `${translate(titleKey)} | ${translate('app.site_title')}`;
  useEffect(() => {
    // While the block page covers the console, its title stays (and it restores this one after).
    if (!isBlocked()) document.title = title;
  }, [title]);
}
