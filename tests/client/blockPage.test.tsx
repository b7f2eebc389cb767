import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/render';

describe('desktop-only block page', () => {
  it('covers the whole app at a width of 1024 px', async () => {
    window.innerWidth = 1024;
    renderApp('/login');

    const page = await screen.findByTestId('block-page');
    expect(page).toHaveTextContent('Please use a larger screen');
    expect(page).toHaveTextContent('desktop or laptop');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByTestId('language-switcher')).not.toBeVisible();
  });

  it('keeps what was typed when the window is narrowed and widened again', async () => {
    window.innerWidth = 1280;
    renderApp('/login');
    const email = await screen.findByLabelText(/Email/);
    await userEvent.type(email, 'half@typed.org');
    act(() => {
      window.innerWidth = 900;
      fireEvent(window, new Event('resize'));
    });
    expect(await screen.findByTestId('block-page')).toBeInTheDocument();
    act(() => {
      window.innerWidth = 1280;
      fireEvent(window, new Event('resize'));
    });
    expect(screen.queryByTestId('block-page')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('half@typed.org');
  });

  it('gives the page its own tab title when a page opened narrow is widened (issue 41)', async () => {
    document.title = 'Arabic Benchmark Assessment';
    window.innerWidth = 900;
    renderApp('/login');
    expect(await screen.findByTestId('block-page')).toBeInTheDocument();
    expect(document.title).toBe('Please use a larger screen | Arabic Benchmark Assessment');
    act(() => {
      window.innerWidth = 1280;
      fireEvent(window, new Event('resize'));
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in | Arabic Benchmark Assessment');
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

  it('is not shown when a wide window is zoomed to 200% (the viewport shrinks, the window does not)', async () => {
    window.outerWidth = 1280;
    window.innerWidth = 640;
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('block-page')).not.toBeInTheDocument();
  });

  it('is shown when the window itself is narrow, whatever the zoom', async () => {
    window.outerWidth = 1000;
    window.innerWidth = 500;
    renderApp('/login');

    expect(await screen.findByTestId('block-page')).toBeInTheDocument();
  });
});
