import type { Language } from '../../../locales/languages';
import questionsBank from '../../../schemas/questions-bank';
import type { FieldDefinition } from '../../../schemas/vocabulary';
import { dataOf, http } from './http';
import type { PreviewQuestion } from './questionMethods';
import { toFile, type DownloadedFile } from './reportMethods';

export type ImportMode = 'dry_run' | 'import';
export type QuestionImportStatus = 'dry_run' | 'queued' | 'refused' | 'running' | 'done' | 'failed';
export type QuestionFileFormat = 'qti3' | 'qti2' | 'moodle_xml' | 'gift' | 'xlsx';
export type BankExportFormat = 'qti3' | 'xlsx' | 'xlsx_media';

type QuestionFields = (typeof questionsBank)['fields'];

/** A reference field of the question's declaration, as files name it: `skill_id` -> `skill`. */
export type LookupField = {
  [K in keyof QuestionFields]: QuestionFields[K] extends { type: 'reference' }
    ? K extends `${infer B}_id`
      ? B
      : never
    : never;
}[keyof QuestionFields];

/**
 * The lookups a question names, each of which an import may default (`default_<lookup>_id`): the
 * references of its declaration (schemas/questions-bank.ts), with their resource and the lookups
 * each must agree with (a learning outcome with its skill), so a lookup added there is offered here.
 */
export const LOOKUP_FIELDS = Object.entries(questionsBank.fields as Readonly<Record<string, FieldDefinition>>).flatMap(
  ([name, field]) =>
    field.type === 'reference'
      ? [
          {
            field: name.replace(/_id$/, '') as LookupField,
            column: name,
            resource: field.resource,
            within: (field.within ?? []).map((column) => column.replace(/_id$/, '') as LookupField),
          },
        ]
      : [],
);

/** The four figures of a dry run or an import. */
export interface QuestionImportSummary {
  create: number;
  unsupported: number;
  errors: number;
  lookups_created: number;
}

/**
 * What a question of the file becomes, as the author's preview shows it: the student's view (no
 * media before the import) and the answer that earns its whole mark (null for a corrector's kinds).
 */
export interface QuestionImportPreview extends Omit<PreviewQuestion, 'id' | 'media_url' | 'instruction_audio_url'> {
  has_media: boolean;
  key: unknown;
}

/** One question of the file: what it becomes (an answer type) and its problems and notes, translated. */
export interface QuestionImportItem {
  identifier: string;
  type: string | null;
  status: 'create' | 'unsupported' | 'error';
  messages: string[];
  notes: string[];
  /** Null when the item does not read as a question. */
  preview: QuestionImportPreview | null;
}

/** What `POST /api/questions-bank/imports` and `GET /api/questions-bank/imports/{id}` answer in `data`. */
export interface QuestionImport {
  id: number;
  status: QuestionImportStatus;
  file_name: string;
  format: QuestionFileFormat;
  platform_id: number;
  summary: QuestionImportSummary;
  error: string | null;
  created_ids: number[];
  items: QuestionImportItem[];
}

/** What an upload sends beside the file. */
export interface QuestionImportRequest {
  file: File;
  mode: ImportMode;
  platformId: number;
  defaults: Partial<Record<LookupField, number>>;
  createLookups: boolean;
  /** Import the rest: the questions in error are left out (issue 40). */
  skipErrors?: boolean;
}

/**
 * Questions in and out (issue 27): the bank or an exam as a file, the XLSX template, and imports
 * (a dry run, then the import as a job). Shaped as the data provider's named methods are.
 */
export interface InterchangeMethods {
  exportBank(format: BankExportFormat, platformId: number, language: Language): Promise<DownloadedFile>;
  exportExam(examId: number): Promise<DownloadedFile>;
  questionTemplate(language: Language, platformId: number): Promise<DownloadedFile>;
  /** A dry run answers 200, a queued import 202; one with items in error is refused (422) with its report. */
  uploadQuestions(request: QuestionImportRequest): Promise<{ data: QuestionImport }>;
  questionImport(id: number, signal?: AbortSignal): Promise<{ data: QuestionImport }>;
}

/** The report a refused import carries (422 with `data`), or null for a file refused whole. */
export function refusedQuestionImport(error: unknown): QuestionImport | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body?: unknown }).body : undefined;
  const data = (body as { data?: Partial<QuestionImport> } | undefined)?.data;
  return data && typeof data.id === 'number' && Array.isArray(data.items) ? (data as QuestionImport) : null;
}

const download = (path: string, query: Record<string, string>, fallback: string) =>
  http<Blob>(path, { query: new URLSearchParams(query), as: 'blob' }).then((response) => toFile(response, fallback));

export const interchangeMethods: InterchangeMethods = {
  exportBank: (format, platformId, language) =>
    download(
      '/questions-bank/export',
      { format, platform_id: String(platformId), lang: language },
      `questions-bank.${format === 'xlsx' ? 'xlsx' : 'zip'}`,
    ),

  exportExam: (examId) => download(`/exams/${examId}/export`, { format: 'qti3' }, `exam-${examId}-qti3.zip`),

  questionTemplate: (language, platformId) =>
    download(
      '/questions-bank/template',
      { format: 'xlsx', lang: language, platform_id: String(platformId) },
      `questions-template-${language}.xlsx`,
    ),

  uploadQuestions: ({ file, mode, platformId, defaults, createLookups, skipErrors = false }) => {
    const body = new FormData();
    // The fields before the file: the server reads them as they come.
    body.append('mode', mode);
    body.append('platform_id', String(platformId));
    for (const [field, id] of Object.entries(defaults)) if (id) body.append(`default_${field}_id`, String(id));
    body.append('create_lookups', String(createLookups));
    body.append('skip_errors', String(skipErrors));
    body.append('file', file);
    return dataOf(http<{ data: QuestionImport }>('/questions-bank/imports', { method: 'POST', body }));
  },

  questionImport: (id, signal) => dataOf(http<{ data: QuestionImport }>(`/questions-bank/imports/${id}`, { signal })),
};
