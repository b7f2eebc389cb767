import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/render';

describe('desktop-only block page', () => {
  it('replaces the whole app at a width of 1024 px', async () => {
    window.innerWidth = 1024;
    renderApp('/login');

    const page = await screen.findByTestId('block-page');
    expect(page).toHaveTextContent('Please use a larger screen');
    expect(page).toHaveTextContent('desktop or laptop');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('language-switcher')).not.toBeInTheDocument();
  });

  it('is translated and right to left in Arabic', async () => {
    window.innerWidth = 800;
    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { name: 'يرجى استخدام شاشة أكبر' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.title).toBe('يرجى استخدام شاشة أكبر | تقييم اللغة العربية المعياري');
  });

  it('is not shown just above the limit', async () => {
    window.innerWidth = 1025;
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('block-page')).not.toBeInTheDocument();
  });
});
