import { screen } from '@testing-library/react';

/** The students list's query, which the correction screen keeps as it moves from student to student. */
export const LIST_QUERY = 'sort=name&order=asc&filter%5Bexam_status_id%5D=3%2C4&search=La';
/** The correction screen of student 41 of exam 12, opened from the filtered list. */
export const SCREEN = `/exams/12/preview/students/41/correction?${LIST_QUERY}`;

/** The mark field of a question (or of one of its parts). */
export const mark = (id: number | string) => screen.getByTestId(`mark-${id}`) as HTMLInputElement;
