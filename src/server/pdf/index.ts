/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { createPdfPool, type PdfPool, type PdfPoolOptions, type PdfPoolStats } from './pdf-pool';
export { createTypstRenderer, type PdfDocument, type TypstRenderer } from './typst-render';
export type * from './report-document';
export type * from './login-cards-document';
