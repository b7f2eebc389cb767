/**
 * How the correction API and screens name a student's attempt: by the student's id (SPEC section
 * 7), or under anonymous marking by the assignment's marking code, so that no address a marker
 * sees carries an id that another answer ties to a name.
 */
export type MarkingHandle = number | string;

/** The path segment of a handle: `students/{id}`, or `anonymous/{code}`. */
export const handleSegment = (handle: MarkingHandle): string =>
  typeof handle === 'string' ? `anonymous/${encodeURIComponent(handle)}` : `students/${handle}`;
