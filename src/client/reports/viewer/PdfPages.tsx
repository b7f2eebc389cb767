import { Alert, Box, LinearProgress } from '@mui/material';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { serverMessageOf } from '../../providers/errors';

GlobalWorkerOptions.workerSrc = workerUrl;

/** CSS pixels of a rendered page's width; the canvas holds more for sharp text on dense screens. */
const PAGE_WIDTH = 900;

/**
 * A report's PDF drawn in the page with pdf.js, page by page: every browser shows it the same way
 * (a browser's own PDF viewer may be missing, blocked or headless), and the console stays in
 * charge of the language switch and the download. Loaded only with the Report Viewer.
 */
export default function PdfPages({ url, label }: { url: string; label: (page: number, pages: number) => string }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  // The server's words when it refuses the file (a 418: not generated, not in this language).
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let pdf: PDFDocumentProxy | null = null;
    setState('loading');
    setRefusal(null);
    const target = holder.current!;
    target.replaceChildren();
    (async () => {
      const file = await dataProvider.fetchReportFile(url);
      pdf = await getDocument({ data: new Uint8Array(await file.blob.arrayBuffer()), isEvalSupported: false }).promise;
      for (let number = 1; number <= pdf.numPages && !cancelled; number++) {
        const page = await pdf.getPage(number);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (PAGE_WIDTH / base.width) * (window.devicePixelRatio || 1) });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.width = '100%';
        canvas.style.maxWidth = `${PAGE_WIDTH}px`;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', label(number, pdf.numPages));
        canvas.dataset.testid = 'report-page';
        await page.render({ canvas, viewport }).promise;
        if (!cancelled) target.append(canvas);
      }
      if (!cancelled) setState('shown');
    })().catch((error: unknown) => {
      if (cancelled) return;
      setRefusal(serverMessageOf(error));
      setState('failed');
    });
    return () => {
      cancelled = true;
      void pdf?.destroy();
    };
  }, [dataProvider, label, url]);

  return (
    <Box>
      {state === 'loading' && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {state === 'failed' && <Alert severity="error">{refusal ?? translate('report_screens.fetch_error')}</Alert>}
      <Box
        ref={holder}
        data-testid="report-pages"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, bgcolor: 'grey.200', p: 2 }}
      />
    </Box>
  );
}
