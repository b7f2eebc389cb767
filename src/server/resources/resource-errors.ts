import { AppError } from '../http/app-error';

interface DatabaseError {
  code?: string;
  constraint?: string;
  table?: string;
}

/**
 * Maps constraint violations to answers the console understands: a record still referenced
 * elsewhere is 409 and nothing is deleted; a duplicate value is a 422 on its field.
 */
export function translateDatabaseError(error: unknown, table: string): never {
  const e = error as DatabaseError;
  if (e?.code === '23503') throw new AppError(409, 'errors.in_use');
  if (e?.code === '23505') {
    const column =
      e.constraint
        ?.replace(`${table}_`, '')
        .replace(/_(key|unique)$/, '')
        .replace(/_lower$/, '') ?? 'id';
    throw new AppError(422, 'errors.invalid_input', undefined, { [column]: ['validation.taken'] });
  }
  throw error;
}
