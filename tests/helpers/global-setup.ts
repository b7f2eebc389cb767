import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate, type DbTemplate } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** One migrated template per run: PGlite by default, a throwaway PostgreSQL database with DATABASE_URL. */
export default async function setup(project: TestProject) {
  const template = await createTemplate(process.env.DATABASE_URL);
  project.provide('dbTemplate', template);
  return () => dropTemplate(template);
}
