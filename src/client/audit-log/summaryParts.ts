import { parsePermission } from '../../common/permissions';
import { formatDateTime, formatNumber } from '../format';
import { areaName } from '../profile';

const ROLE_PREFIX = 'com.ltm.roles.';

/** One part of an entry's summary in the reader's words: `label: value`, or `label: before → after`. */
export interface SummaryPart {
  key: string;
  label: string;
  value: string;
  /** What it was, when the entry changed it. */
  before?: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Ids are named elsewhere (the entry's target, school, exam and student) or mean nothing to a reader. */
const isId = (key: string) => {
  const bare = filterField(key);
  return bare === 'id' || bare === 'ids' || bare.endsWith('_id') || bare.endsWith('_ids');
};

/** The resource whose fields an action's summary carries: a question of an exam is a bank question. */
const FIELDS_OF: Record<string, string> = { exam_questions: 'questions-bank' };

/**
 * A summary key in the reader's words: the log's own name for it (`audit.keys`), else the field's
 * label of the record the action is on (`resources.<resource>.fields`: a declared field is named
 * once, issue 38), else the key with spaces. A list filter (`filter[action]`) is named as its field.
 */
export function auditKeyLabel(key: string, action: string, translate: Translate): string {
  const bare = filterField(key);
  const area = action.split('.')[0];
  const resource = FIELDS_OF[area] ?? area;
  const fallback = translate(`resources.${resource}.fields.${bare}`, { _: bare.replace(/_/g, ' ') });
  return translate(`audit.keys.${bare}`, { _: fallback });
}

const filterField = (key: string) => /^filter\[(.+)\]$/.exec(key)?.[1] ?? key;

/**
 * An entry's summary as parts a reader understands: each key named by the catalog (`audit.keys`),
 * times in the reader's language and time zone, roles, statuses and languages by name, yes and no,
 * digits in the reader's script; a change as before → after; ids left out (the full summary is in the
 * export and the cell's title).
 */
export function summaryParts(
  summary: Record<string, unknown>,
  translate: Translate,
  language: 'en' | 'ar',
  action = '',
): SummaryPart[] {
  const label = (key: string) => auditKeyLabel(key, action, translate);
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined) return translate('audit.summary.none');
    if (typeof value === 'boolean') return translate(value ? 'audit.summary.yes' : 'audit.summary.no');
    if (typeof value === 'number') return formatNumber(value, language);
    if (typeof value === 'string') {
      if (ISO_TIME.test(value)) return formatDateTime(value, language) || value;
      if (value.startsWith(ROLE_PREFIX))
        return translate(`permissions.roles.${value.slice(ROLE_PREFIX.length)}`, { _: value });
      const permission = parsePermission(value);
      if (permission)
        return translate('roles.cell', {
          action: translate(`permissions.actions.${permission.action}`, { _: permission.action }),
          area: areaName(permission.area, translate),
        });
      const field = filterField(key);
      if (field === 'status') return translate(`exam_day.statuses.${value}`, { _: value });
      if (field === 'language' || field === 'lang')
        return translate(`report_screens.reports.languages.${value}`, { _: value });
      return value;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) return translate('audit.summary.none');
      if (value.every((item) => typeof item !== 'object' || item === null))
        return value.map((item) => text(key, item)).join(translate('audit.summary.list_separator'));
      return formatNumber(value.length, language);
    }
    if (typeof value === 'object')
      return Object.entries(value as Record<string, unknown>)
        .filter(([inner]) => !isId(inner))
        .map(([inner, innerValue]) => `${label(inner)}: ${text(inner, innerValue)}`)
        .join(translate('audit.summary.list_separator'));
    return String(value);
  };

  const { before, after, ...rest } = summary;
  const parts: SummaryPart[] = [];
  const asRecord = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const was = asRecord(before);
  const now = asRecord(after);
  if (was || now) {
    const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])].filter((key) => !isId(key));
    for (const key of keys)
      parts.push({
        key,
        label: label(key),
        value: now ? text(key, now[key]) : translate('audit.summary.removed'),
        ...(was ? { before: text(key, was[key]) } : {}),
      });
  } else {
    if (before !== undefined)
      parts.push({ key: 'before', label: translate('audit.summary.before'), value: text('before', before) });
    if (after !== undefined)
      parts.push({ key: 'after', label: translate('audit.summary.after'), value: text('after', after) });
  }
  for (const [key, value] of Object.entries(rest))
    if (!isId(key)) parts.push({ key, label: label(key), value: text(key, value) });
  return parts;
}
