import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { listBody } from '../support/resources';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { entry, makeReport, REPORT_FILTERS, signInAuthor } from './support';

const GENERATING = entry(2, 'generating', 'Generating', 'جارٍ الإنشاء');

// pdf.js draws on a canvas, which jsdom has not: the viewer's page drawing shows what it would draw.
vi.mock('../../../src/client/reports/viewer/PdfPages', () => ({
  default: ({ url }: { url: string }) => <div data-testid="pdf-url">{url}</div>,
}));

function serveReports(lists: ReturnType<typeof makeReport>[][]) {
  const lists_ = [...lists];
  const asked = recorder();
  server.use(
    http.get('*/api/reports', ({ request }) => {
      asked.record(request);
      return HttpResponse.json(listBody(lists_.length > 1 ? lists_.shift()! : lists_[0]));
    }),
    http.get('*/api/reports/filters', () => HttpResponse.json({ data: REPORT_FILTERS })),
  );
  return asked;
}

describe('the reports list', () => {
  it('refreshes itself while a report is generating, and stops once it is generated', async () => {
    signInAuthor();
    const asked = serveReports([[makeReport({ status: GENERATING })], [makeReport()]]);
    renderApp('/generated-reports');
    expect(await screen.findByTestId('reports-refreshing')).toBeInTheDocument();
    const row = await screen.findByTestId('reports-list-row');
    expect(within(row).getByText('Generating')).toBeInTheDocument();
    await waitFor(
      () => expect(within(screen.getByTestId('reports-list-row')).getByText('Generated')).toBeInTheDocument(),
      {
        timeout: 8000,
      },
    );
    expect(screen.queryByTestId('reports-refreshing')).not.toBeInTheDocument();
    const calls = asked.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(asked.requests.length).toBe(calls);
    expect(within(screen.getByTestId('reports-list-row')).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/generated-reports/5/view?lang=en',
    );
  }, 20_000);

  it('sends the chosen filters in the API dialect', async () => {
    signInAuthor();
    const asked = serveReports([[makeReport()]]);
    renderApp('/generated-reports');
    await screen.findByTestId('reports-list-row');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Student reports (ZIP)' }));
    await waitFor(() => {
      const last = new URL(asked.requests.at(-1)!.url);
      expect(last.searchParams.get('filter[type]')).toBe('3');
      expect(last.searchParams.get('page')).toBe('1');
    });
  });

  it('filters by class, then by a student of the chosen classes, and by country (spec item 76, issue 41)', async () => {
    signInAuthor();
    const asked = serveReports([[makeReport()]]);
    const choices = recorder();
    server.use(
      http.get('*/api/reports/filters', ({ request }) => {
        choices.record(request);
        const classes = new URL(request.url).searchParams.get('filter[school_class_id]');
        const students = classes === '7' ? [{ id: 42, name_en: 'Omar Ali', name_ar: 'عمر علي' }] : [];
        return HttpResponse.json({ data: { ...REPORT_FILTERS, students } });
      }),
    );
    renderApp('/generated-reports');
    await screen.findByTestId('reports-list-row');
    const user = userEvent.setup();
    // No student to offer until a class is chosen.
    const student = () => screen.getByRole('combobox', { name: 'Student' });
    expect(student()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Choose a class first')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: '5 A · Al Noor School' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(student()).not.toHaveAttribute('aria-disabled'));
    expect(new URL(choices.requests.at(-1)!.url).searchParams.get('filter[school_class_id]')).toBe('7');
    await user.click(student());
    await user.click(await screen.findByRole('option', { name: 'Omar Ali' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'United Arab Emirates' }));
    await waitFor(() => {
      const last = new URL(asked.requests.at(-1)!.url).searchParams;
      expect(last.get('filter[school_class_id]')).toBe('7');
      expect(last.get('filter[student_id]')).toBe('42');
      expect(last.get('filter[country]')).toBe('AE');
    });
  });

  it('downloads the selected reports in the chosen language, under the name the server gives', async () => {
    signInAuthor();
    serveReports([[makeReport(), makeReport({ id: 6, student: { id: 42, name: 'Omar Ali' } })]]);
    const posts = recorder();
    server.use(
      http.post('*/api/reports/download', ({ request }) => {
        posts.record(request);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="Reports.zip"' },
        });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reports');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Reports.zip');
    });
    renderApp('/generated-reports');
    await screen.findAllByTestId('reports-list-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every report on this page' }));
    const bar = screen.getByTestId('download-bar');
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Language of the files' }));
    await userEvent.click(await screen.findByRole('option', { name: 'English and Arabic' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloaded: Reports.zip')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({ language: 'both', report_ids: [5, 6] });
    expect(created).toHaveBeenCalled();
    expect(clicked).toHaveBeenCalled();
    created.mockRestore();
    clicked.mockRestore();
  });

  it('says "Invalid response from the server" when a download carries no file, and saves nothing', async () => {
    signInAuthor();
    serveReports([[makeReport()]]);
    server.use(http.post('*/api/reports/download', () => new HttpResponse(new Uint8Array([]), { status: 200 })));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/generated-reports');
    await screen.findAllByTestId('reports-list-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every report on this page' }));
    await userEvent.click(within(screen.getByTestId('download-bar')).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Invalid response from the server')).toBeInTheDocument();
    expect(clicked).not.toHaveBeenCalled();
    clicked.mockRestore();
  });
});

describe('the Report Viewer', () => {
  it('draws the PDF in the page in the asked language, and switches language', async () => {
    signInAuthor();
    serveReports([[makeReport()]]);
    renderApp('/generated-reports/5/view?lang=ar');
    expect(await screen.findByRole('document', { name: 'Report 5, PDF' })).toBeInTheDocument();
    expect(await screen.findByTestId('pdf-url')).toHaveTextContent('/api/reports/5/view-pdf?lang=ar');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByTestId('pdf-url')).toHaveTextContent('/api/reports/5/view-pdf?lang=en'));
    expect(window.location.search).toBe('?lang=en');
  });

  it('says why a ZIP bundle cannot be shown', async () => {
    signInAuthor();
    serveReports([[makeReport({ type: entry(3, 'bundle', 'Student reports (ZIP)', 'تقارير الطلاب') })]]);
    renderApp('/generated-reports/5/view');
    expect(await screen.findByText(/A ZIP bundle cannot be viewed/)).toBeInTheDocument();
    expect(screen.queryByTestId('pdf-url')).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, with Arabic labels', async () => {
    signInAuthor();
    serveReports([[makeReport()]]);
    renderApp('/generated-reports', 'ar');
    expect(await screen.findByRole('heading', { name: 'التقارير', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const row = await screen.findByTestId('reports-list-row');
    expect(within(row).getByText('تم الإنشاء')).toBeInTheDocument();
    expect(within(row).getByText('مدرسة النور')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'عرض' })).toHaveAttribute('href', '/generated-reports/5/view?lang=ar');
  });
});
