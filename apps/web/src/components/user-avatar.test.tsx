import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserAvatar } from './user-avatar';

/** Images the test loads or fails by hand (jsdom loads none). */
function controlImages() {
  const images: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = [];
  vi.stubGlobal(
    'Image',
    class {
      src = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        images.push(this);
      }
    },
  );
  return images;
}

const USER = { email: 'anna.karlsson@example.se', display_name: 'Anna Karlsson', avatar_url: null };

describe('UserAvatar', () => {
  it('shows the initials when there is no picture', () => {
    render(<UserAvatar user={USER} />);
    expect(screen.getByText('AK')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the picture once it has loaded, the initials until then (after 400 ms)', () => {
    vi.useFakeTimers();
    const images = controlImages();
    render(<UserAvatar user={{ ...USER, avatar_url: 'https://bild.example/anna.png' }} />);
    expect(screen.queryByText('AK')).toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('AK')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();

    expect(images.at(-1)?.src).toBe('https://bild.example/anna.png');
    act(() => images.at(-1)?.onload?.());
    expect(screen.getByRole('img', { name: 'Anna Karlsson' })).toHaveAttribute(
      'src',
      'https://bild.example/anna.png',
    );
    expect(screen.queryByText('AK')).toBeNull();
  });

  it('keeps the initials, and no broken picture, when the picture fails', () => {
    vi.useFakeTimers();
    const images = controlImages();
    render(<UserAvatar user={{ ...USER, avatar_url: 'https://bild.example/borta.png' }} />);
    act(() => images.at(-1)?.onerror?.());
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('AK')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
