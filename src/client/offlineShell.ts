/**
 * Registers the student's service worker (public/sw.js) so that a reload without a connection
 * still opens the exam. Built consoles only: the development server serves modules, not files.
 * The files this page loaded before the worker took control are handed to it to keep.
 */
export async function registerOfflineShell(): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    const ready = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${window.location.origin}/`));
    ready.active?.postMessage({ type: 'keep-files', urls });
  } catch {
    // Without it the exam still keeps every answer; only an offline reload cannot open the page.
  }
}
