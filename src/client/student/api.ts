import type {
  AdaptiveNext,
  AnswersSaved,
  AttemptView,
  HeartbeatAnswer,
  PlayerPreferences,
  StudentExam,
} from '../../common/contracts/delivery';
import { getStoredLanguage } from '../language';
import { apiUrl, http } from '../providers/http';
import { mediaMethods } from '../providers/mediaMethods';
import type { OutgoingAnswer } from './sync/answerQueue';
import type { LocalRecording } from './sync/recordingQueue';

export type { AdaptiveNext, AnswersSaved, AttemptView, HeartbeatAnswer, PlayerPreferences, StudentExam };
export type MediaPlay = { plays: number; remaining: number | null };

const exam = (id: number | string) => `/student/exams/${encodeURIComponent(String(id))}`;
const data = async <T>(promise: Promise<{ json: { data: T } }>): Promise<T> => (await promise).json.data;

/** The student's own calls (our API, `src/server/delivery/student-routes.ts`). */
export const studentApi = {
  list: (signal?: AbortSignal) => data(http<{ data: StudentExam[] }>('/student/exams', { signal })),
  attempt: (id: number | string, signal?: AbortSignal) =>
    data(http<{ data: AttemptView }>(`${exam(id)}/attempt`, { signal })),
  start: (id: number | string) => data(http<{ data: AttemptView }>(`${exam(id)}/start`, { method: 'POST' })),
  submit: (id: number | string) => data(http<{ data: AttemptView }>(`${exam(id)}/submit`, { method: 'POST' })),
  /** A spoken answer's recording: its stored reference. A failure keeps the HTTP status (none when offline). */
  async uploadRecording(recording: LocalRecording): Promise<string> {
    const file = new File([recording.blob], 'recording.webm', { type: recording.blob.type || 'audio/webm' });
    const { data: uploaded } = await mediaMethods.uploadMedia(file, recording.label);
    if (!uploaded?.relative_path) throw Object.assign(new Error('upload failed'), { status: 500 });
    return uploaded.relative_path;
  },
  /** Uses the session (a running exam is not idleness): who is signed in, the cheapest read. */
  keepAlive: async () => {
    await http('/user');
  },
  /**
   * The running player's heartbeat: tells the monitor this computer is online and what it keeps
   * unsent, and answers the attempt as a supervisor may have left it (extended, submitted, reset).
   */
  heartbeat: (id: number | string, attemptId: number, unsent: number) =>
    data(
      http<{ data: HeartbeatAnswer }>(`${exam(id)}/heartbeat`, {
        method: 'POST',
        body: { attempt_id: attemptId, unsent },
      }),
    ),
  preferences: () => data(http<{ data: PlayerPreferences }>('/student/preferences')),
  savePreferences: (preferences: PlayerPreferences) =>
    data(http<{ data: PlayerPreferences }>('/student/preferences', { method: 'PUT', body: preferences })),
  /** The whole set of flagged questions, kept with the running attempt. */
  saveFlags: (id: number | string, attemptId: number, flags: number[]) =>
    data(
      http<{ data: { flags: number[] } }>(`${exam(id)}/flags`, {
        method: 'PUT',
        body: { attempt_id: attemptId, flags },
      }),
    ),
  /**
   * Adaptive exams: confirms the answer to the current question (seq 0: the answer the server holds
   * from the saves before wins) and receives the next question, or none once the test has ended.
   */
  next: (id: number | string, attemptId: number, questionId: number, answer: unknown) =>
    data(
      http<{ data: AdaptiveNext }>(`${exam(id)}/next`, {
        method: 'POST',
        body: { attempt_id: attemptId, question_id: questionId, answer: answer ?? null, seq: 0 },
      }),
    ),
  playMedia: (id: number | string, questionId: number) =>
    data(http<{ data: MediaPlay }>(`${exam(id)}/media/${questionId}/play`, { method: 'POST' })),

  /**
   * One batch of answers; the server's answer carries the attempt's deadline (a supervisor may have
   * extended it). A keepalive request (page hidden or left) goes through `fetch` itself:
   * the console's wrapper adds an abort timer, which must not cut a request meant to outlive the page.
   */
  async saveAnswers(
    id: number | string,
    attemptId: number,
    answers: OutgoingAnswer[],
    keepalive = false,
  ): Promise<AnswersSaved> {
    // The attempt they were given in: a page left open on an earlier attempt must not answer a new one.
    const body = { attempt_id: attemptId, answers };
    if (!keepalive) return data(http<{ data: AnswersSaved }>(`${exam(id)}/answers`, { method: 'PUT', body }));
    const response = await fetch(apiUrl(`${exam(id)}/answers`), {
      method: 'PUT',
      keepalive: true,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Accept-Language': getStoredLanguage(),
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw Object.assign(new Error('answers not saved'), { status: response.status });
    return ((await response.json()) as { data: AnswersSaved }).data;
  },
};
