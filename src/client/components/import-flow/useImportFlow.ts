import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../providers/errors';
import type { RosterMode as ImportMode } from '../../providers/rosterMethods';
import { isUnderWay, useImportJob } from './useImportJob';

/** What an import's server answers for a dry run, a refusal and a job alike. */
interface Report {
  id: number;
  status: string;
}

/** What a check was made with: another file or other options need a new check. */
interface Checked<R> {
  file: File;
  options: string;
  report: R;
}

/**
 * One import flow's state (ARCHITECTURE "One import flow"), shared by the roster and the
 * questions: the chosen file, its dry run, the job the import started and the server's refusal.
 * `options` is what else the check was made with (empty when nothing else counts): a check stands
 * only for the same file and options, and the import waits until `ready` accepts its report.
 * `refused` reads the report a refusal carries, when rows went into error since the dry run.
 */
export function useImportFlow<R extends Report>({
  key,
  upload,
  read,
  refused,
  ready,
  options = '',
}: {
  key: string;
  upload: (file: File, mode: ImportMode) => Promise<R>;
  read: (id: number, signal: AbortSignal) => Promise<{ data: R }>;
  refused: (error: unknown) => R | null;
  ready: (report: R) => boolean;
  options?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked<R> | null>(null);
  const [started, setStarted] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const job = useImportJob(started, key, read);

  const mutation = useMutation({
    mutationFn: ({ mode, file }: { mode: ImportMode; file: File; options: string }) => upload(file, mode),
    onSuccess: (report, { mode, file, options }) => {
      if (mode === 'dry_run') setChecked({ file, options, report });
      else setStarted(report);
    },
    onError: (error, { mode, file, options }) => {
      setRefusal(errorMessage(error));
      // Rows went into error since the dry run: show them, and the import waits for a new check.
      const report = refused(error);
      if (report) setChecked({ file, options, report });
      else if (mode === 'dry_run') setChecked(null);
    },
  });

  // Anything changed before the import starts: what was checked no longer stands.
  const restart = () => {
    setStarted(null);
    setRefusal(null);
    mutation.reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    restart();
  };
  const send = (mode: ImportMode) => {
    if (!file) return;
    setRefusal(null);
    mutation.mutate({ mode, file, options });
  };
  const sending = mutation.isPending ? mutation.variables?.mode : undefined;
  const current = checked !== null && checked.file === file && checked.options === options ? checked.report : null;
  return {
    file,
    choose,
    restart,
    send,
    sending,
    job,
    refusal,
    /** The report of the chosen file's check with the current options, if it still stands. */
    current,
    busy: Boolean(sending) || (job !== null && isUnderWay(job)),
    // After an import, a new file (or new options) comes first.
    canCheck: file !== null && !sending && job === null,
    canImport: current !== null && ready(current) && job === null && !sending,
  };
}

/** What `useImportFlow` hands its page: the state and the actions of one import. */
export type ImportFlow = ReturnType<typeof useImportFlow>;
