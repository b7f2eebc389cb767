import { render } from '@testing-library/react';
import { App } from '../../../src/client/App';
import { catalogs, type Language } from '../../../locales';

/** Renders the whole console, real providers included, at `path`, as main.tsx does. */
export function renderApp(path = '/', language: Language = 'en') {
  window.history.replaceState(null, '', path);
  window.localStorage.setItem('language', language);
  return render(<App language={language} messages={catalogs[language]} />);
}
