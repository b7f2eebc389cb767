import * as React from 'react';

/*
 * React's development build, which the console's tests run (act() exists only there), records an
 * "owner stack" for each element it creates: an Error with its stack captured and a console task,
 * up to 10,000 elements per render. Only its warnings' component stacks read them, and no test does.
 * Telling React the limit is always reached skips them: the console's files took 14% less CPU
 * (farm-bench, examForm and questionsForm, 3 pairs: 41.6 against 47.5 CPU-seconds). Warnings still
 * fire, naming the component, without the owner's stack.
 */
const internals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!internals || !('recentlyCreatedOwnerStacks' in internals))
  throw new Error('React no longer counts owner stacks here: remove tests/client/owner-stacks.ts');
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
  configurable: true,
  get: () => 10_000,
  set: () => undefined,
});
