import type {
  ExamMonitor,
  InterventionAction,
  InterventionOutcome,
  ListMeta,
  MonitorStatus,
} from '../../common/contracts/index';
import { dataOf, http } from './http';

/** Whom an exam-day action is for: students, one class or one school (none: the whole exam, for a release). */
export interface ExamDayTarget {
  student_ids?: number[];
  school_class_id?: number;
  school_id?: number;
}

export interface InterventionRequest extends ExamDayTarget {
  action: InterventionAction;
  minutes?: number;
  reason: string;
  preview?: boolean;
}

export interface MonitorQuery {
  school_id?: number;
  school_class_id?: number;
  status?: MonitorStatus;
  search?: string;
  page: number;
  per_page: number;
}

export interface ExtraTimeRequest {
  student_ids: number[];
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  reason: string;
}

/** Exam day (issue 26): the live monitor, interventions, per-assignment extra time, and the release of results. */
export interface ExamDayMethods {
  /** The exam now, and a page of its students (the counts cover the school or class chosen, not the page). */
  examMonitor(
    examId: number,
    query: MonitorQuery,
    signal?: AbortSignal,
  ): Promise<{ data: ExamMonitor; meta: ListMeta }>;
  intervene(examId: number, body: InterventionRequest): Promise<{ data: InterventionOutcome }>;
  setExtraTime(examId: number, body: ExtraTimeRequest): Promise<{ data: { updated: number } }>;
  releaseResults(examId: number, body: ExamDayTarget & { reason?: string }): Promise<{ data: { released: number } }>;
  withdrawRelease(examId: number, body: ExamDayTarget & { reason?: string }): Promise<{ data: { withdrawn: number } }>;
  /** Lifts an anonymously marked exam's anonymity, with a reason (administrators). */
  liftAnonymity(examId: number, reason: string): Promise<{ data: { exam_id: number; lifted_at: string } }>;
}

export const examDayMethods: ExamDayMethods = {
  examMonitor: async (examId, monitor, signal) => {
    const query = new URLSearchParams({ page: String(monitor.page), per_page: String(monitor.per_page) });
    if (monitor.school_id) query.set('filter[school_id]', String(monitor.school_id));
    if (monitor.school_class_id) query.set('filter[school_class_id]', String(monitor.school_class_id));
    if (monitor.status) query.set('filter[status]', monitor.status);
    if (monitor.search?.trim()) query.set('search', monitor.search.trim());
    return (await http<{ data: ExamMonitor; meta: ListMeta }>(`/exams/${examId}/monitor`, { query, signal })).json;
  },
  intervene: (examId, body) =>
    dataOf(http<{ data: InterventionOutcome }>(`/exams/${examId}/interventions`, { method: 'POST', body })),
  setExtraTime: (examId, body) =>
    dataOf(http<{ data: { updated: number } }>(`/exams/${examId}/extra-time`, { method: 'PUT', body })),
  releaseResults: (examId, body) =>
    dataOf(http<{ data: { released: number } }>(`/exams/${examId}/release`, { method: 'POST', body })),
  withdrawRelease: (examId, body) =>
    dataOf(http<{ data: { withdrawn: number } }>(`/exams/${examId}/release`, { method: 'DELETE', body })),
  liftAnonymity: (examId, reason) =>
    dataOf(
      http<{ data: { exam_id: number; lifted_at: string } }>(`/exams/${examId}/anonymity/lift`, {
        method: 'POST',
        body: { reason },
      }),
    ),
};
