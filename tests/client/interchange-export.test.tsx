import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { author } from './interchange-support';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { recorder, server } from './support/server';
import { signInAuthor } from './exams/support';

describe('the questions import and export page', () => {
  it('is linked from the bank next to Add, for those who may create questions', async () => {
    author('create');
    server.use(http.get('*/api/questions-bank', () => HttpResponse.json(listBody([]))));
    renderApp('/questions-bank');
    const link = await screen.findByRole('link', { name: 'Import and export' });
    expect(link).toHaveAttribute('href', '/questions-bank/interchange');
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
  });

  it('is neither linked nor open without the permission to create questions', async () => {
    author();
    server.use(http.get('*/api/questions-bank', () => HttpResponse.json(listBody([]))));
    renderApp('/questions-bank');
    await screen.findByRole('heading', { name: 'Questions bank', level: 1 });
    expect(screen.queryByRole('link', { name: 'Import and export' })).not.toBeInTheDocument();
  });

  it('exports the selected platform’s bank and downloads the template in each language', async () => {
    author('create');
    const calls = recorder();
    server.use(
      http.get('*/api/questions-bank/export', ({ request }) => {
        calls.record(request);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="questions-bank-2026-01-01-qti3.zip"',
          },
        });
      }),
      http.get('*/api/questions-bank/template', ({ request }) => {
        calls.record(request);
        return new HttpResponse(new Uint8Array([80, 75]), {
          headers: { 'content-disposition': 'attachment; filename="questions-template-ar.xlsx"' },
        });
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      renderApp('/questions-bank/interchange');
      const user = userEvent.setup();
      const exportRegion = await screen.findByRole('region', { name: 'Export the bank' });
      await user.click(within(exportRegion).getByRole('button', { name: 'Export QTI 3.0 package' }));
      await waitFor(() => expect(saved).toEqual(['questions-bank-2026-01-01-qti3.zip']));
      const query = new URL(calls.requests[0].url).searchParams;
      expect(Object.fromEntries(query)).toEqual({ format: 'qti3', platform_id: '1', lang: 'en' });

      // Another platform: the export follows the selection.
      await user.click(screen.getByRole('button', { name: 'International Standards Assessment' }));
      await user.click(
        within(screen.getByRole('region', { name: 'Export the bank' })).getByRole('button', {
          name: 'Export Excel workbook',
        }),
      );
      await waitFor(() => expect(calls.requests).toHaveLength(2));
      expect(new URL(calls.requests[1].url).searchParams.get('platform_id')).toBe('2');
      expect(new URL(calls.requests[1].url).searchParams.get('format')).toBe('xlsx');
      // The workbook with its media, one zip that imports back as it is.
      await user.click(
        within(screen.getByRole('region', { name: 'Export the bank' })).getByRole('button', {
          name: 'Export Excel workbook with its media (.zip)',
        }),
      );
      await waitFor(() => expect(calls.requests).toHaveLength(3));
      expect(new URL(calls.requests[2].url).searchParams.get('format')).toBe('xlsx_media');

      const template = screen.getByRole('region', { name: 'Template' });
      await user.click(within(template).getByRole('button', { name: 'Excel template (Arabic)' }));
      await waitFor(() => expect(calls.requests).toHaveLength(4));
      expect(Object.fromEntries(new URL(calls.requests[3].url).searchParams)).toEqual({
        format: 'xlsx',
        lang: 'ar',
        platform_id: '2',
      });
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });
});

describe("an exam's QTI export", () => {
  it('downloads the exam as a QTI 3.0 package from its page', async () => {
    signInAuthor();
    const calls = recorder();
    server.use(
      http.get('*/api/exams/12/preview', () =>
        HttpResponse.json({
          data: {
            exam: {
              id: 12,
              name_en: 'Reading benchmark',
              name_ar: 'اختبار القراءة',
              questions_per_page: 0,
              duration_minutes: 45,
              total_mark: 0,
              questions_count: 0,
            },
            localization: null,
            pages: [],
          },
        }),
      ),
      http.get('*/api/exams/12/export', ({ request }) => {
        calls.record(request);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-disposition': 'attachment; filename="exam-12-qti3.zip"' },
        });
      }),
    );
    URL.createObjectURL = () => 'blob:exam';
    URL.revokeObjectURL = () => undefined;
    renderApp('/exams/12/preview', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تصدير QTI 3.0' }, { timeout: 5000 }));
    await waitFor(() => expect(calls.requests).toHaveLength(1));
    expect(new URL(calls.requests[0].url).searchParams.get('format')).toBe('qti3');
  });
});
