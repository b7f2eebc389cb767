import type { Db } from './database';

/**
 * Memory kept per database: what one server keeps (exam keys, prepared questions) never answers for
 * another database in the same process (tests run several apps side by side).
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let value = kept.get(db);
    if (value === undefined) {
      value = make();
      kept.set(db, value);
    }
    return value;
  };
}
