import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../../providers/errors';
import type { DownloadedFile } from '../../providers/reportMethods';
import { saveFile } from '../saveFile';

/**
 * Runs a file request and hands the file to the browser; a failure is a toast with the server's
 * message. `pending` names the download under way, so its button can say so.
 */
export function useDownload() {
  const notify = useNotify();
  const [pending, setPending] = useState<string | null>(null);
  const download = async (name: string, request: () => Promise<DownloadedFile>) => {
    setPending(name);
    try {
      saveFile(await request());
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}
