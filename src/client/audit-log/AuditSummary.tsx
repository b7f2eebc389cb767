import { Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import type { AuditLogRecord } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { summaryParts } from './summaryParts';

/**
 * An entry's summary as a reader's sentence: whom and what it is about (the student in the reader's
 * script, the exam), then each change as `label: before → after`, every value isolated so that a
 * Latin name or a date keeps its direction in an Arabic line. The raw summary stays in the title.
 */
export function AuditSummary({ record }: { record: AuditLogRecord }) {
  const translate = useTranslate();
  const language = useLanguage();
  const about = [record.about.student, record.about.exam].filter((named) => named !== null);
  const parts = summaryParts(record.summary, translate, language, record.action);
  const separator = translate('audit.summary.separator');
  return (
    <Typography variant="body2" component="span" title={JSON.stringify(record.summary)} data-testid="audit-summary">
      {about.map((named, index) => (
        <Fragment key={`about-${index}`}>
          {index > 0 && ' · '}
          <bdi style={{ fontWeight: 600 }}>{nameOf(named, language)}</bdi>
        </Fragment>
      ))}
      {about.length > 0 && parts.length > 0 && separator}
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 && separator}
          {part.label}:{' '}
          {part.before !== undefined && (
            <>
              <bdi>{part.before}</bdi> {language === 'ar' ? '←' : '→'}{' '}
            </>
          )}
          <bdi>{part.value}</bdi>
        </Fragment>
      ))}
    </Typography>
  );
}
