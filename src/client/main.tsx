import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { bootsStudentApp } from './boot';
import { getStoredLanguage } from './language';
import { loadCatalog } from './providers/polyglot';
import { initSentry } from './sentry';

const language = getStoredLanguage();
void initSentry();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// Students get a slimmer boot (sign-in and their exams, without react-admin's whole <Admin>):
// on school networks every kilobyte counts (issue 11). Staff get the console.
const app: Promise<ReactElement> = bootsStudentApp(window.location.pathname)
  ? Promise.all([import('./StudentApp'), loadCatalog(language)]).then(([{ StudentApp }, messages]) => (
      <StudentApp language={language} messages={messages} />
    ))
  : import('./App').then(({ App }) => <App language={language} />);

void app.then((element) => createRoot(root).render(<StrictMode>{element}</StrictMode>));
