import type { AnswerQueue } from './answerQueue';

/**
 * Sends pending answers when the page is hidden or left (a keepalive request outlives the page),
 * and at once when the connection comes back. Returns the function that unbinds them.
 */
export function bindPageEvents(queue: AnswerQueue, target: Window = window): () => void {
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') void queue.flush({ keepalive: true });
  };
  const onPageHide = () => void queue.flush({ keepalive: true });
  const onOnline = () => queue.retryNow();
  target.document.addEventListener('visibilitychange', onVisibility);
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('online', onOnline);
  return () => {
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('online', onOnline);
  };
}
