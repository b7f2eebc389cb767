import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { ReportLanguage } from '../../common/reports/index';

/**
 * Where report files live: `DATA_DIR/reports/{id}/{en|ar}.pdf` and `.../bundle.zip`. Every file is
 * written under a temporary name and renamed when complete, so a reader never sees half a file.
 */
export class ReportFiles {
  constructor(readonly root: string) {}

  private dir(reportId: number) {
    return path.join(this.root, String(reportId));
  }

  pdfPath(reportId: number, language: ReportLanguage) {
    return path.join(this.dir(reportId), `${language}.pdf`);
  }

  bundlePath(reportId: number) {
    return path.join(this.dir(reportId), 'bundle.zip');
  }

  async writePdf(reportId: number, language: ReportLanguage, pdf: Uint8Array): Promise<void> {
    const target = this.pdfPath(reportId, language);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(temporary, pdf);
    await fs.promises.rename(temporary, target);
  }

  /**
   * Writes a ZIP bundle from entries produced one after another: each entry is written before the
   * next is asked for, so memory holds a few documents, not the bundle.
   */
  async writeBundle(
    reportId: number,
    entries: AsyncIterable<{ name: string; data: Uint8Array }>,
  ): Promise<{ entries: number; bytes: number }> {
    const target = this.bundlePath(reportId);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    // PDFs are compressed already: stored entries cost no CPU and lose nothing.
    const archive = new ZipArchive({ store: true });
    const written = pipeline(archive, fs.createWriteStream(temporary));
    const failed = new Promise<never>((_resolve, reject) => archive.on('error', reject));
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
      await archive.finalize();
      await written;
    } catch (error) {
      archive.abort();
      await written.catch(() => undefined);
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    await fs.promises.rename(temporary, target);
    return { entries: count, bytes: (await fs.promises.stat(target)).size };
  }

  async exists(file: string): Promise<boolean> {
    return fs.promises.access(file, fs.constants.R_OK).then(
      () => true,
      () => false,
    );
  }
}
