import '@fontsource/cairo/400.css';
import '@fontsource/cairo/600.css';
import '@fontsource/cairo/700.css';
// Roboto's basic Latin only (the console's English): other scripts' faces would add @font-face
// rules and downloads to the first load; Cairo (Arabic, Latin and extended Latin) draws the rest.
// 400 and 700 only: MUI's 500 (table heads, tabs) falls back to 400, and 600 (buttons) to 700.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-700.css';
import { useMemo } from 'react';
import type { AuthProvider } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { isRTL, type Language } from '../../locales/languages';
import type { Messages } from '../../locales/types';
import { Console } from './Console';
import { getStoredLanguage } from './language';
import type { AppDataProvider } from './providers/appDataProvider';
import { dataProvider as defaultDataProvider } from './providers/dataProvider';
import { singleCatalogI18nProvider } from './providers/polyglot';
import { BlockPage } from './public/BlockPage';
import { useBlocked } from './components/blockQuery';
import { DirectionProvider } from './theme/DirectionProvider';
import { themeFor } from './theme/theme';
import { consoleAuthProvider } from './consoleAuth';

export interface AppProps {
  language?: Language;
  /** The language's catalog, from `loadCatalog`: the console downloads only the one it shows. */
  messages: Messages;
  /** Tests pass their own; the page gets one per load. */
  authProvider?: AuthProvider;
  dataProvider?: AppDataProvider;
}

export function App({
  language = getStoredLanguage(),
  messages,
  authProvider,
  dataProvider = defaultDataProvider,
}: AppProps) {
  const i18nProvider = useMemo(() => singleCatalogI18nProvider(language, messages), [language, messages]);
  const tooNarrow = useBlocked();
  // Real paths (/exams, not #/exams) through a data router, which react-admin needs
  // for blocking navigation away from unsaved forms.
  const router = useMemo(() => {
    const element = (
      <Console
        authProvider={authProvider ?? consoleAuthProvider()}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={themeFor(isRTL(language), messages.ra.page.loading)}
      />
    );
    return createBrowserRouter([{ path: '*', element }]);
  }, [authProvider, dataProvider, i18nProvider, language]);

  // The block page covers the console instead of replacing it: narrowing the window for a moment
  // must not throw away a half-filled form, so the console stays mounted (hidden and inert).
  return (
    <DirectionProvider language={language} loading={messages.ra.page.loading}>
      <div hidden={tooNarrow} inert={tooNarrow} aria-hidden={tooNarrow || undefined}>
        {/* react-admin navigates and then clears its caches in the same tick (logout); a navigation
            deferred in a transition leaves the old page mounted to re-check auth and log out again,
            in a loop. Synchronous updates keep react-admin's assumption. */}
        <RouterProvider router={router} useTransitions={false} />
      </div>
      {tooNarrow && <BlockPage translate={i18nProvider.translate} />}
    </DirectionProvider>
  );
}
