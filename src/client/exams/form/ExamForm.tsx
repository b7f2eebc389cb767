import { useEffect } from 'react';
import { Form, SaveButton, Toolbar, type RaRecord } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import type { ExamLookups } from '../types';
import { ExamFields } from './ExamFields';
import { validateExam, type ExamFormValues } from './examValues';
import { useSaveExam } from './useSaveExam';

/** Tells the page whether the form holds unsaved changes (the questions section needs to know). */
function DirtyReporter({ onChange }: { onChange?: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange?.(isDirty), [isDirty, onChange]);
  return null;
}

interface ExamFormProps {
  record: ExamFormValues;
  identifier: PlatformIdentifier;
  lookups: ExamLookups;
  onDirtyChange?: (dirty: boolean) => void;
  /** A published exam: every input disabled and no Save. */
  readOnly?: boolean;
}

/**
 * The exam form (SPEC section 5): validated with the server's schema before sending, then
 * saved (create or update). Read-only for a published exam.
 */
export function ExamForm({ record, identifier, lookups, onDirtyChange, readOnly = false }: ExamFormProps) {
  const save = useSaveExam();
  const submit = (values: FieldValues) => save(values as ExamFormValues);
  return (
    <Form
      record={record as RaRecord}
      validate={(values: FieldValues) => validateExam(values, identifier)}
      onSubmit={submit}
    >
      <DirtyReporter onChange={onDirtyChange} />
      <ExamFields lookups={lookups} identifier={identifier} disabled={readOnly} />
      {!readOnly && (
        <Toolbar sx={{ px: 0, bgcolor: 'transparent' }}>
          <SaveButton alwaysEnable />
        </Toolbar>
      )}
    </Form>
  );
}
