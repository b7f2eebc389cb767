import type { ExamMonitor, InterventionAction, InterventionOutcome } from '../../common/contracts/index';
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

export interface ExtraTimeRequest {
  student_ids: number[];
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  reason: string;
}

/** Exam day (issue 26): the live monitor, interventions, per-assignment extra time, and the release of results. */
export interface ExamDayMethods {
  examMonitor(
    examId: number,
    filter: { school_id?: number; school_class_id?: number },
    signal?: AbortSignal,
  ): Promise<{ data: ExamMonitor }>;
  intervene(examId: number, body: InterventionRequest): Promise<{ data: InterventionOutcome }>;
  setExtraTime(examId: number, body: ExtraTimeRequest): Promise<{ data: { updated: number } }>;
  releaseResults(examId: number, body: ExamDayTarget & { reason?: string }): Promise<{ data: { released: number } }>;
  withdrawRelease(examId: number, body: ExamDayTarget & { reason?: string }): Promise<{ data: { withdrawn: number } }>;
}

export const examDayMethods: ExamDayMethods = {
  examMonitor: (examId, filter, signal) => {
    const query = new URLSearchParams();
    if (filter.school_id) query.set('filter[school_id]', String(filter.school_id));
    if (filter.school_class_id) query.set('filter[school_class_id]', String(filter.school_class_id));
    return dataOf(http<{ data: ExamMonitor }>(`/exams/${examId}/monitor`, { query, signal }));
  },
  intervene: (examId, body) =>
    dataOf(http<{ data: InterventionOutcome }>(`/exams/${examId}/interventions`, { method: 'POST', body })),
  setExtraTime: (examId, body) =>
    dataOf(http<{ data: { updated: number } }>(`/exams/${examId}/extra-time`, { method: 'PUT', body })),
  releaseResults: (examId, body) =>
    dataOf(http<{ data: { released: number } }>(`/exams/${examId}/release`, { method: 'POST', body })),
  withdrawRelease: (examId, body) =>
    dataOf(http<{ data: { withdrawn: number } }>(`/exams/${examId}/release`, { method: 'DELETE', body })),
};
