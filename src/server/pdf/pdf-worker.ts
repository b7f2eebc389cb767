/**
 * A PDF worker process: renders the report documents its parent sends, one at a time, with one
 * Typst compiler kept warm. `compile()` blocks the thread for milliseconds per document and its
 * memory grows a little with each, so it runs here, out of the server's event loop, and the pool
 * replaces the process every few hundred documents.
 */
import { createTypstRenderer } from './typst-render';
import type { PdfDocument } from './typst-render';

const renderer = createTypstRenderer();

process.on('message', (message: { id: number; doc: PdfDocument }) => {
  try {
    const pdf = renderer.render(message.doc);
    process.send!({ id: message.id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (error) {
    process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The parent went away (a crash, a test that forgot to close): nothing keeps this process alive.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
