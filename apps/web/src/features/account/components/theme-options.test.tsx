import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getThemePreference, STORAGE_KEYS } from '@/lib/storage';
import { setThemePreference, useThemeSync } from '@/lib/theme';
import { PREFERS_DARK } from '@/lib/use-media-query';
import { setMediaQuery } from '@/testing/match-media';
import { ThemeOptions } from './theme-options';

function ThemeHarness() {
  useThemeSync();
  return <ThemeOptions />;
}

const html = document.documentElement;

describe('theme', () => {
  it('defaults to System and ignores unknown stored values', () => {
    expect(getThemePreference()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(getThemePreference()).toBe('system');
  });

  it('stores the choice under "theme" and applies the dark class on <html>', async () => {
    const user = userEvent.setup();
    render(<ThemeHarness />);
    expect(screen.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('radio', { name: 'Mörk' }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html).toHaveClass('dark');
    expect(screen.getByRole('radio', { name: 'Mörk' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('radio', { name: 'Ljus' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html).not.toHaveClass('dark');
  });

  it('System follows prefers-color-scheme live', async () => {
    const user = userEvent.setup();
    render(<ThemeHarness />);
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(html).not.toHaveClass('dark');

    act(() => setMediaQuery(PREFERS_DARK, true));
    expect(html).toHaveClass('dark');
    act(() => setMediaQuery(PREFERS_DARK, false));
    expect(html).not.toHaveClass('dark');
  });

  it('an explicit choice ignores the OS setting', () => {
    setMediaQuery(PREFERS_DARK, true);
    setThemePreference('light');
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');
  });

  it('picks up a change made in another tab', () => {
    render(<ThemeHarness />);
    act(() => {
      localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(html).toHaveClass('dark');
  });
});
