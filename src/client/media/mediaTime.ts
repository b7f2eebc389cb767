/**
 * The one way a recording's or a clip's length is written ("1:05"): whole seconds, rounded to the
 * nearest, so the recorder, its limit and the play button agree on the same clip (a 4.6 s
 * recording is 0:05 everywhere, not 0:04 in one place and 00:05 in another).
 */
export function formatMediaTime(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
