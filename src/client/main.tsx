import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { bootsStudentApp } from './boot';
import { forgetLeftovers } from './browserSession';
import { pageLanguage } from './language';
import { installStorageFallbacks } from './safeStorage';
import { registerOfflineShell } from './offlineShell';
import { signalRendered } from './pageReady';
import { loadCatalog, loadStudentCatalog } from './providers/polyglot';
import { initSentry } from './sentry';

// A frame of another site may be denied storage: the console still starts (issue 46).
installStorageFallbacks();
const language = pageLanguage();
void initSentry();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// A closed browser leaves nothing of a student's readable (issue 39): before the boot reads who is signed in.
forgetLeftovers();

// Students get a slimmer boot (sign-in and their exams, without react-admin's whole <Admin>):
// on school networks every kilobyte counts (issue 11). Staff get the console. Either downloads
// only the catalog of the language it shows (switching language reloads the page).
const student = bootsStudentApp(window.location.pathname);
const app: Promise<ReactElement> = student
  ? Promise.all([import('./StudentApp'), loadStudentCatalog(language)]).then(([{ StudentApp }, messages]) => (
      <StudentApp language={language} messages={messages} />
    ))
  : Promise.all([import('./App'), loadCatalog(language)]).then(([{ App }, messages]) => (
      <App language={language} messages={messages} />
    ));

void app.then((element) => {
  createRoot(root).render(<StrictMode>{element}</StrictMode>);
  signalRendered(student ? 'student' : 'console');
});
// A student's exam opens again after a reload without a connection.
if (student) void app.then(() => registerOfflineShell());
