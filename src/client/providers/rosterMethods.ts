import type { Language } from '../../../locales/languages';
import { dataOf, http } from './http';
import { toFile, type DownloadedFile } from './reportMethods';

export type RosterFormat = 'csv' | 'xlsx';
export type RosterMode = 'dry_run' | 'import';
export type RosterImportStatus = 'dry_run' | 'queued' | 'running' | 'done' | 'failed' | 'refused';

/** The figures of a dry run or an import; `incomplete`: rows imported without a value a student should have. */
export interface RosterSummary {
  create: number;
  update: number;
  unchanged: number;
  errors: number;
  incomplete: number;
  /** People of the file who are not students (OneRoster's teachers), left out. */
  skipped: number;
  /** Classes the import makes (when asked to). */
  new_classes: number;
}

/**
 * A row in error or leaving something out: its line in the file and each column's messages,
 * translated by the server (`warnings`: imported all the same, as incomplete).
 */
export interface RosterRowProblems {
  row: number;
  status: string;
  errors: Record<string, string[]>;
  warnings?: Record<string, string[]>;
}

/** What `POST /api/roster/imports` and `GET /api/roster/imports/{id}` answer in `data`. */
export interface RosterImport {
  id: number;
  status: RosterImportStatus;
  file_name: string;
  format: 'csv' | 'xlsx' | 'oneroster';
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256' | null;
  summary: RosterSummary;
  /** A OneRoster file's grade codes, each with the grade it was read as (in the reader's language). */
  grade_codes: { code: string; grade: string }[];
  /** A OneRoster file's school years (academicSessions.csv): first and last days, and whether it has ended. */
  school_years: { title: string; start: string; end: string; ended: boolean }[];
  progress: number;
  total: number;
  error: string | null;
  rows: RosterRowProblems[];
  result_url: string;
}

/** What printing a class's login cards would do: students who get a first password, who have a card, who signed in. */
export interface CardsPreview {
  students: number;
  new: number;
  printed: number;
  signed_in: number;
}

interface Names {
  name_en: string;
  name_ar: string;
}

/** One class of a rollover: its students move into `target` of the next grade, or leave (null). */
export interface RolloverMove extends Names {
  class_id: number;
  school_id: number;
  students: number;
  target: (Names & { class_id: number | null }) | null;
  school: Names;
  grade: Names;
  next_grade: Names | null;
}

/** What `POST /api/roster/rollover` answers: the plan, and what it did once applied. */
export interface RolloverPlan {
  applied: boolean;
  summary: {
    classes: number;
    promoted: number;
    leaving: number;
    classes_to_create: number;
    left?: number;
    classes_created?: number;
  };
  classes: RolloverMove[];
}

/** What a password reset answers, shown once. */
export interface StudentCredentials {
  username: string;
  password: string;
}

/**
 * Rostering (issue 25): the template, imports (a dry run, then the import as a job, then its
 * result file), the students' export, a class's login cards and a student's password reset.
 */
export interface RosterMethods {
  rosterTemplate(format: RosterFormat, language: Language): Promise<DownloadedFile>;
  /**
   * Multipart: `mode` then `file`. A dry run answers 200, a queued import 202; an import whose rows
   * are in error is refused (422) with its report, which `refusedRosterReport` reads off the error.
   */
  /** `createClasses`: the classes the file names that the importer's schools lack are made. */
  uploadRoster(file: File, mode: RosterMode, createClasses?: boolean): Promise<{ data: RosterImport }>;
  rosterImport(id: number, signal?: AbortSignal): Promise<{ data: RosterImport }>;
  rosterImportResult(id: number, format: RosterFormat): Promise<DownloadedFile>;
  exportStudents(format: RosterFormat, language: Language): Promise<DownloadedFile>;
  /**
   * The academic year's rollover of the reader's schools (or one): `apply: false` previews and
   * changes nothing; `again` confirms a school rolled over in the last 30 days (else 418).
   */
  rollover(body: { school_id?: number; apply: boolean; again?: boolean }): Promise<{ data: RolloverPlan }>;
  /** An exam's per-student results in the reader's schools (issue 41: the console's place for it). */
  examResults(examId: number, format: RosterFormat, language: Language): Promise<DownloadedFile>;
  /** What printing a class's cards would do (issue 41), changing nothing. */
  classLoginCardsPreview(classId: number): Promise<{ data: CardsPreview }>;
  /**
   * The cards: a first password for students without one; `replace` also gives new ones to those
   * whose earlier card was never used (those cards stop working).
   */
  classLoginCards(classId: number, language: Language, replace?: boolean): Promise<DownloadedFile>;
  resetStudentPassword(studentId: number): Promise<{ data: StudentCredentials }>;
}

/** The report a refused import carries (422 with `data`), or null for any other failure. */
export function refusedRosterReport(error: unknown): RosterImport | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body?: unknown }).body : undefined;
  const data = (body as { data?: Partial<RosterImport> } | undefined)?.data;
  return data && typeof data.id === 'number' && Array.isArray(data.rows) ? (data as RosterImport) : null;
}

const fileQuery = (format: RosterFormat, language?: Language) =>
  new URLSearchParams({ format, ...(language ? { lang: language } : {}) });

export const rosterMethods: RosterMethods = {
  rosterTemplate: (format, language) =>
    http<Blob>('/roster/template', { query: fileQuery(format, language), as: 'blob' }).then((response) =>
      toFile(response, `roster-template-${language}.${format}`),
    ),

  uploadRoster: (file, mode, createClasses = false) => {
    const body = new FormData();
    // The server reads the fields before the file: they must come first.
    body.append('mode', mode);
    body.append('create_classes', String(createClasses));
    body.append('file', file);
    return dataOf(http<{ data: RosterImport }>('/roster/imports', { method: 'POST', body }));
  },

  rosterImport: (id, signal) => dataOf(http<{ data: RosterImport }>(`/roster/imports/${id}`, { signal })),

  rosterImportResult: (id, format) =>
    http<Blob>(`/roster/imports/${id}/result`, { query: fileQuery(format), as: 'blob' }).then((response) =>
      toFile(response, `roster-import-${id}-result.${format}`),
    ),

  exportStudents: (format, language) =>
    http<Blob>('/students/export', { query: fileQuery(format, language), as: 'blob' }).then((response) =>
      toFile(response, `students.${format}`),
    ),

  examResults: (examId, format, language) =>
    http<Blob>(`/exams/${examId}/results/export`, { query: fileQuery(format, language), as: 'blob' }).then((response) =>
      toFile(response, `exam-${examId}-results.${format}`),
    ),

  rollover: (body) => dataOf(http<{ data: RolloverPlan }>('/roster/rollover', { method: 'POST', body })),

  classLoginCardsPreview: (classId) =>
    dataOf(http<{ data: CardsPreview }>(`/school-classes/${classId}/login-cards/preview`)),

  classLoginCards: (classId, language, replace = false) =>
    http<Blob>(`/school-classes/${classId}/login-cards`, {
      query: new URLSearchParams({ lang: language, replace: String(replace) }),
      as: 'blob',
    }).then((response) => toFile(response, `login-cards-${classId}-${language}.pdf`)),

  resetStudentPassword: (studentId) =>
    dataOf(http<{ data: StudentCredentials }>(`/students/${studentId}/reset-password`, { method: 'POST' })),
};
