import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { MediaStorage } from './media-storage';
import { detectMedia } from './media-types';

/**
 * Stores a file the server itself produced, such as the demo's recorded answers (which no student
 * uploaded: the demo's attempts are stored as delivery stores them). Checked by its bytes like an
 * upload, stored under a random name and recorded with its owner.
 */
export async function storeServerMedia(
  db: Db,
  storage: MediaStorage,
  file: { content: Buffer; name: string; label: string; ownerId: number },
): Promise<{ file_name: string; path: string }> {
  const type = await detectMedia(file.content);
  if (!type) throw new Error(`${file.name}: not an accepted type of file`);
  const fileName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await storage.put(fileName, file.content);
  await db
    .insertInto('media')
    .values({
      file_name: fileName,
      original_name: file.name,
      label: file.label,
      kind: type.kind,
      mime: type.mime,
      size: file.content.length,
      owner_id: file.ownerId,
    })
    .execute();
  return { file_name: fileName, path: `media/${fileName}` };
}
