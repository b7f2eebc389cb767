import { createContext, useContext } from 'react';

/**
 * Where a finished recording goes instead of a direct upload, when the page provides it: the
 * student's exam keeps it on the computer first and uploads it when it can (see the student's
 * recording queue). Without a keeper, the recorder uploads at once (authors, previews).
 */
export interface RecordingKeeper {
  /** Takes the recording; resolves with the address to play it from meanwhile. */
  keep(questionId: number, label: string, blob: Blob, durationSeconds: number): Promise<string>;
  /** The local address of a question's recording still waiting for its upload. */
  waitingUrl(questionId: number): string | null;
}

export const RecordingKeeperContext = createContext<RecordingKeeper | null>(null);

export const useRecordingKeeper = () => useContext(RecordingKeeperContext);
