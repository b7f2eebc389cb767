import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ReportLanguage } from '../../common/reports/index';
import type { FileStore } from '../storage';

/**
 * Where report files live in the product's file store: `reports/{id}/{en|ar}.pdf` and
 * `reports/{id}/bundle.zip` (under DATA_DIR, or in the shared bucket). The store writes each file
 * whole or not at all, so a reader never sees half a file.
 */
export class ReportFiles {
  constructor(readonly store: FileStore) {}

  pdfKey(reportId: number, language: ReportLanguage) {
    return `reports/${reportId}/${language}.pdf`;
  }

  bundleKey(reportId: number) {
    return `reports/${reportId}/bundle.zip`;
  }

  async writePdf(reportId: number, language: ReportLanguage, pdf: Uint8Array): Promise<void> {
    await this.store.write(this.pdfKey(reportId, language), pdf, { contentType: 'application/pdf' });
  }

  /**
   * Writes a ZIP bundle from entries produced one after another, streamed to the store as it is
   * made: each entry is written before the next is asked for, so memory holds a few documents (and
   * the store's upload parts), not the bundle.
   */
  async writeBundle(
    reportId: number,
    entries: AsyncIterable<{ name: string; data: Uint8Array }>,
  ): Promise<{ entries: number; bytes: number }> {
    const key = this.bundleKey(reportId);
    // PDFs are compressed already: stored entries cost no CPU and lose nothing.
    const archive = new ZipArchive({ store: true });
    const body = new PassThrough();
    archive.pipe(body);
    const written = this.store.write(key, body, { contentType: 'application/zip' });
    const failed = new Promise<never>((_resolve, reject) => {
      archive.on('error', reject);
      written.catch(reject);
    });
    failed.catch(() => undefined);
    let count = 0;
    try {
      for await (const entry of entries) {
        const processed = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
        archive.append(Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength), {
          name: entry.name,
        });
        await Promise.race([processed, failed]);
        count++;
      }
      await Promise.race([archive.finalize(), failed]);
      await written;
    } catch (error) {
      // The store keeps nothing of a failed stream.
      archive.abort();
      body.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
    return { entries: count, bytes: (await this.store.size(key)) ?? 0 };
  }
}
