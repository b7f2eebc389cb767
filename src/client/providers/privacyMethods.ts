import { dataOf, http } from './http';
import { toFile, type DownloadedFile } from './reportMethods';

/** What an erasure did (issue 45). */
export interface ErasureResult {
  student_id: number;
  recordings: number;
  reports: number;
  reports_remade: number;
  audit_rows: number;
  files_left: number;
}

interface SchoolNames {
  school_id: number;
  school_en: string;
  school_ar: string;
}

/** The retention rules' dry run: the settings and what their daily job would delete now. */
export interface RetentionPlan {
  settings: { recordings_days: number; leavers_years: number };
  recordings: (SchoolNames & {
    media_id: number;
    student_id: number;
    student_number: string;
    exam_id: number;
    exam_en: string;
    exam_ar: string;
    released_at: string;
  })[];
  leavers: (SchoolNames & {
    student_id: number;
    student_number: string;
    name_en: string;
    name_ar: string;
    left_at: string;
  })[];
}

/** A student's personal data: its export, its erasure and the retention rules' dry run. */
export interface PrivacyMethods {
  studentPersonalData(studentId: number): Promise<DownloadedFile>;
  eraseStudent(studentId: number, reason: string): Promise<{ data: ErasureResult }>;
  retentionPlan(signal?: AbortSignal): Promise<{ data: RetentionPlan }>;
}

export const privacyMethods: PrivacyMethods = {
  studentPersonalData: (studentId) =>
    http<Blob>(`/students/${studentId}/personal-data`, { as: 'blob' }).then((response) =>
      toFile(response, `personal-data-student-${studentId}.zip`),
    ),
  eraseStudent: (studentId, reason) =>
    dataOf(http<{ data: ErasureResult }>(`/students/${studentId}/erase`, { method: 'POST', body: { reason } })),
  retentionPlan: (signal) => dataOf(http<{ data: RetentionPlan }>('/privacy/retention', { signal })),
};
