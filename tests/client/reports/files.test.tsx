import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fileNameOf } from '../../../src/client/providers/reportMethods';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { makeReport, REPORT_FILTERS, signInAuthor } from './support';
import { listBody } from '../support/resources';

// pdf.js needs a canvas and DOMMatrix, which jsdom has not; the refusal comes before it is used.
const getDocument = vi.hoisted(() => vi.fn());
vi.mock('pdfjs-dist', () => ({ getDocument, GlobalWorkerOptions: {} }));

describe("a download's file name", () => {
  it('takes the UTF-8 name first, then the plain one, quoted or not, else the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="Student_Report_____.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير_ليلى.pdf')}`,
        'x',
      ),
    ).toBe('تقرير_ليلى.pdf');
    expect(fileNameOf('attachment; filename="Reports.zip"', 'x')).toBe('Reports.zip');
    expect(fileNameOf('attachment; filename=Report.zip', 'x')).toBe('Report.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=School_Report.pdf", 'x')).toBe(
      'School_Report.pdf',
    );
    expect(fileNameOf(null, 'Reports.zip')).toBe('Reports.zip');
  });
});

describe('the Report Viewer, when the server refuses the file', () => {
  it("shows the server's words (a 418) rather than a generic error", async () => {
    signInAuthor();
    server.use(
      http.get('*/api/reports', () => HttpResponse.json(listBody([makeReport()]))),
      http.get('*/api/reports/filters', () => HttpResponse.json({ data: REPORT_FILTERS })),
      http.get('*/api/reports/5/view-pdf', () =>
        HttpResponse.json({ message: 'This report was not generated in this language.' }, { status: 418 }),
      ),
    );
    renderApp('/generated-reports/5/view?lang=ar');
    expect(await screen.findByText('This report was not generated in this language.')).toBeInTheDocument();
    expect(getDocument).not.toHaveBeenCalled();
  });
});
