import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every new page opens at its top: the browser keeps the scroll of a single-page app's previous
 * page, so a list opened after a save would start where the form was scrolled to. A change of
 * the query alone (a list's page, sort or filter) keeps the place.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
