import { afterAll } from 'vitest';
import { lazyLoadsSettled } from '../../src/client/pageReady';

/*
 * For the console's files that share their worker's modules (the `client` project, isolate: false).
 * A page's code still loading when a file ends would be cut off as the file's window goes, and left
 * broken in the module cache the worker's next files share: they would show the error page
 * ("Cannot load … after the environment was torn down", seen in CI). Each file waits for it first.
 * (The isolated files of `client-mocks` may hold a chunk back for good, and need no such wait.)
 */
afterAll(() => lazyLoadsSettled(), 30_000);
