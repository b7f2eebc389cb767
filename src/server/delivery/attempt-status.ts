import type { Assignment, AttemptRow } from './assignment-store';
import { extraSecondsOf } from './extra-time';

export type AssignmentStatus = 'upcoming' | 'available' | 'in_progress' | 'submitted' | 'expired';

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/**
 * Where a student stands with an assignment at `now`, and the time they have left. An attempt past
 * its deadline but within the grace is still in progress, with no time left: the student's
 * computer may yet send the answers it kept (then the player submits at once).
 */
export function statusOf(
  assignment: Assignment,
  latest: AttemptRow | undefined,
  now: Date,
  graceSeconds: number,
): { status: AssignmentStatus; time_left_seconds: number } {
  const extraMs = extraSecondsOf(assignment.extra_time, assignment.exam.duration_minutes) * 1000;
  const full = assignment.exam.duration_minutes * 60_000 + extraMs;
  if (latest?.status === 'in_progress' && now.getTime() <= new Date(latest.deadline_at).getTime() + graceSeconds * 1000)
    return {
      status: 'in_progress',
      time_left_seconds: seconds(new Date(latest.deadline_at).getTime() - now.getTime()),
    };
  if (now < assignment.start) return { status: 'upcoming', time_left_seconds: seconds(full) };
  const open = now <= assignment.end;
  // A mock exam may be taken again while its window is open; any other is done once submitted.
  if (latest && latest.status !== 'in_progress' && !(assignment.exam.is_mock && open))
    return { status: 'submitted', time_left_seconds: 0 };
  if (latest?.status === 'in_progress') return { status: 'submitted', time_left_seconds: 0 };
  if (!open) return { status: 'expired', time_left_seconds: 0 };
  return {
    status: 'available',
    time_left_seconds: seconds(Math.min(full, assignment.end.getTime() + extraMs - now.getTime())),
  };
}
