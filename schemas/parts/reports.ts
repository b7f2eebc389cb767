import type { PageDeclaration } from './resource';

/** What one report covers: a student, a class, a grade of a school, or a school. */
export type ReportSubject = 'student' | 'school_class' | 'grade' | 'school';

/** A kind of report (SPEC sections 3 and 9): its stable id, its subject, its file and how it is made. */
export interface ReportKind {
  /** The stable id the API and the stored records use (type 3 is a ZIP bundle). */
  id: number;
  subject: ReportSubject;
  /**
   * When it may be made (SPEC section 4): with a grade's reports once every submitted attempt of the
   * grade is corrected, or with the school's once every grade's are.
   */
  level: 'grade' | 'school';
  /** Its file name's first word (`Student_Report_Layla_12.pdf`). */
  file: string;
  /** The Typst document it is drawn with (src/server/pdf/templates/<template>.typ, its `kind`); none for a bundle. */
  document?: { template: 'report'; kind: 'student' | 'class' | 'grade' | 'school' };
  /** A ZIP of every report of this kind under its subject (a school's or grade's student reports). */
  bundleOf?: string;
}

/**
 * The reports (SPEC sections 3, 4, 7 and 9), declared once: their kinds, statuses, the list's
 * filters and sort keys, who may do what (permissions of the `reports` area), the download names
 * and the console pages. The engine (src/server/reports, src/common/reports) reads it.
 */
export interface ReportsDefinition {
  kind: 'reports';
  /** The permission area and API path (`/api/reports`). */
  name: string;
  kinds: Readonly<Record<string, ReportKind>>;
  /** Generation statuses in id order (1 generate: queued, ..., 5 download failed). */
  statuses: readonly string[];
  /** Statuses a job will still change (the list refreshes while one is shown). */
  pending: readonly string[];
  /** `GET /api/reports` filters (`filter[school_id]=1,2`). */
  filters: readonly string[];
  sort: readonly string[];
  /**
   * The permission area that guards the reports (SPEC section 6): viewing needs its view
   * permission, generating its `generate` one, downloading its area-wide `download` one.
   */
  access: { area: string };
  /** Download names (SPEC section 9). */
  downloads: { several: string; bundle: string; single: string };
  pages: Readonly<Record<string, PageDeclaration>>;
}

export const defineReports = <const D extends Omit<ReportsDefinition, 'kind'>>(reports: D) =>
  ({ kind: 'reports', ...reports }) as const satisfies ReportsDefinition;
