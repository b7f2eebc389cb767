import { render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded, lazyLoadsSettled } from '../../src/client/pageReady';

describe("a lazily loaded page's code", () => {
  it('is waited for until it has loaded, so that no file ends with a chunk half loaded', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => undefined;
    const Page = lazyLoaded(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    // The count is the worker's (its files share the module): read it before.
    const before = Number(document.documentElement.dataset.requests ?? 0);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    await screen.findByText('Loading');
    let settled = false;
    const waiting = lazyLoadsSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(document.documentElement.dataset.requests).toBe(String(before + 1));
    arrive({ default: () => <p>The page</p> });
    await waiting;
    expect(settled).toBe(true);
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(document.documentElement.dataset.requests).toBe(String(before));
  });
});
