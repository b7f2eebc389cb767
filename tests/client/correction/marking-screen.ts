import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render';
import { serveCorrection, signInCorrector } from './support';

/** The students list's query, which the correction screen keeps as it moves from student to student. */
export const LIST_QUERY = 'sort=name&order=asc&filter%5Bexam_status_id%5D=3%2C4&search=La';
/** The correction screen of student 41 of exam 12, opened from the filtered list. */
export const SCREEN = `/exams/12/preview/students/41/correction?${LIST_QUERY}`;

/** The mark field of a question (or of one of its parts). */
export const mark = (id: number | string) => screen.getByTestId(`mark-${id}`) as HTMLInputElement;

/**
 * A corrector signed in on the correction screen of the default view, once its essay shows; the
 * user to type and click with.
 */
export async function openCorrection() {
  signInCorrector();
  serveCorrection();
  renderApp(SCREEN);
  const user = userEvent.setup();
  await screen.findByTestId('essay-text');
  return user;
}
