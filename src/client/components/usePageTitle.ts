import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** SPEC section 2: the page title is the route title plus the site title. */
export function usePageTitle(titleKey: string): void {
  const translate = useTranslate();
  const title = `${translate(titleKey)} | ${translate('app.site_title')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
