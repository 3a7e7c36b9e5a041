import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveRegion } from '@/components/live-region';
import {
  ALL_SENT_TEXT,
  BACK_ONLINE_TEXT,
  useStatusAnnouncements,
} from './use-status-announcements';

function setUp() {
  render(<LiveRegion />);
  const hook = renderHook(({ online, unsent }) => useStatusAnnouncements(online, unsent), {
    initialProps: { online: true, unsent: 0 },
  });
  return { region: screen.getByRole('status'), rerender: hook.rerender };
}

describe('useStatusAnnouncements', () => {
  it('says nothing about the state the page starts in', () => {
    const { region } = setUp();
    expect(region).toHaveTextContent(/^$/);
  });

  it('announces each new count of unsent changes, online again, and all sent', () => {
    const { region, rerender } = setUp();
    rerender({ online: false, unsent: 0 });
    expect(region).toHaveTextContent(/^$/);
    rerender({ online: false, unsent: 1 });
    expect(region).toHaveTextContent('1 osynkade');
    rerender({ online: false, unsent: 2 });
    expect(region).toHaveTextContent('2 osynkade');
    rerender({ online: true, unsent: 2 });
    expect(region).toHaveTextContent(BACK_ONLINE_TEXT);
    rerender({ online: true, unsent: 0 });
    expect(region).toHaveTextContent(ALL_SENT_TEXT);
  });
});
