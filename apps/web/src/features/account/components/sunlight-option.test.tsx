import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSunlight, STORAGE_KEYS } from '@/lib/storage';
import { useSunlightSync } from '@/lib/sunlight';
import { SunlightOption } from './sunlight-option';

function SunlightHarness() {
  useSunlightSync();
  return <SunlightOption />;
}

const html = document.documentElement;

describe('sunlight mode', () => {
  it('is off by default and for any stored value but "on"', () => {
    expect(getSunlight()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.sunlight, 'yes');
    expect(getSunlight()).toBe(false);
  });

  it('is stored under its own key, beside the theme, and sets the sunlight class on <html>', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    render(<SunlightHarness />);
    const toggle = screen.getByRole('switch', { name: 'Solljusläge' });
    expect(toggle).toHaveAccessibleDescription(/Starkare kontrast/);
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(localStorage.getItem('speedway.sunlight')).toBe('on');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html).toHaveClass('sunlight');
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(localStorage.getItem('speedway.sunlight')).toBeNull();
    expect(html).not.toHaveClass('sunlight');
  });

  it('picks up a change made in another tab', () => {
    render(<SunlightHarness />);
    act(() => {
      localStorage.setItem(STORAGE_KEYS.sunlight, 'on');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.sunlight }));
    });
    expect(html).toHaveClass('sunlight');
    expect(screen.getByRole('switch', { name: 'Solljusläge' })).toBeChecked();
  });
});
