/**
 * Runs `work` again, up to `times` in all, when it fails on the unique index `index`: for values
 * the database draws at random (an assignment's marking code), whose rare collision must not fail
 * the request. `work` must be a whole transaction, so each try starts afresh.
 */
export async function retryOnUniqueViolation<T>(index: string, work: () => Promise<T>, times = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const e = error as { code?: string; constraint?: string };
      if (attempt >= times || e?.code !== '23505' || e.constraint !== index) throw error;
    }
  }
}
