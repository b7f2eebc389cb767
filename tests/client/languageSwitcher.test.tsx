import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';

// jsdom cannot reload a page; the switcher's contract is "store, then reload".
const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../../src/client/language', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/client/language')>()),
  reloadPage,
}));

describe('language switcher', () => {
  it('stores Arabic under "language" and reloads the page', async () => {
    renderApp('/login');
    const user = userEvent.setup();

    const button = await screen.findByTestId('language-switcher');
    expect(button).toHaveAccessibleName('Language: English');
    await user.click(button);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'العربية' }));

    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is labelled in Arabic on an Arabic page and offers English back', async () => {
    signIn(makeUser());
    renderApp('/profile', 'ar');
    const user = userEvent.setup();

    const button = await screen.findByTestId('language-switcher');
    expect(button).toHaveAccessibleName('اللغة: العربية');
    await user.click(button);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'English' }));

    expect(window.localStorage.getItem('language')).toBe('en');
  });
});
