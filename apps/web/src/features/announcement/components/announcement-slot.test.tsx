import type { Announcement } from '@speedway/contracts';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/testing/fetch-stub';
import { announcementQueryKey, getAnnouncementQueryOptions } from '../api/get-announcement';
import { DISMISSED_ANNOUNCEMENT_KEY } from '../lib/dismissals';
import { AnnouncementSlot } from './announcement-slot';

const ID = '0b9c3f7e-2a51-4d6b-9d3e-5a1c2b3d4e5f';
const MESSAGE = 'Serverunderhåll i kväll kl. 22.';

function announcement(change: Partial<Announcement> = {}): Announcement {
  return {
    id: ID,
    version: 1,
    message: MESSAGE,
    level: 'warning',
    active: true,
    dismissible: true,
    expiresAt: null,
    updatedAt: new Date().toISOString(),
    ...change,
  };
}

/**
 * Shows which answer the page has rendered: an observer of the slot's query (disabled, so it sends
 * nothing) is told of each answer together with the slot, and React renders both in one pass.
 */
function RenderedMark() {
  const { dataUpdatedAt } = useQuery({ ...getAnnouncementQueryOptions(), enabled: false });
  return <output data-testid="rendered" data-updated={dataUpdatedAt} />;
}

function renderSlot(reply: () => Announcement) {
  const network = stubFetch({ 'GET /api/system/announcement': () => ({ json: reply() }) });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AnnouncementSlot />
      <RenderedMark />
    </QueryClientProvider>,
  );
  const reads = () => network.callsTo('GET /api/system/announcement').length;
  return { ...view, queryClient, reads };
}

/** Until the slot has rendered the answer to the read: whatever it shows for it is on screen. */
async function untilRendered(queryClient: QueryClient) {
  await waitFor(() => {
    const updated = queryClient.getQueryState(announcementQueryKey)?.dataUpdatedAt ?? 0;
    expect(updated).toBeGreaterThan(0);
    expect(screen.getByTestId('rendered')).toHaveAttribute('data-updated', String(updated));
  });
}

const banner = () => screen.queryByRole('region', { name: 'Meddelande' });

describe('AnnouncementSlot', () => {
  it('shows an active announcement with its message and level', async () => {
    renderSlot(() => announcement());
    const region = await screen.findByRole('region', { name: 'Meddelande' });
    expect(region).toHaveTextContent(MESSAGE);
    expect(region).toHaveAttribute('data-level', 'warning');
  });

  it.each([
    ['inactive', { active: false }],
    ['blank', { message: '  ' }],
    ['expired', { expiresAt: '2020-01-01T00:00:00Z' }],
  ])('shows nothing when it is %s', async (_name, change) => {
    const { reads, queryClient } = renderSlot(() => announcement(change));
    await untilRendered(queryClient);
    expect(reads()).toBe(1);
    expect(banner()).toBeNull();
  });

  it('treats an invalid expiry as none', async () => {
    renderSlot(() => announcement({ expiresAt: 'inte ett datum' }));
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toBeInTheDocument();
  });

  it('hides the banner the moment it expires', async () => {
    renderSlot(() => announcement({ expiresAt: new Date(Date.now() + 600).toISOString() }));
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toBeInTheDocument();
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('stays closed for the session once dismissed, until a new version is saved', async () => {
    let current = announcement({ version: 4 });
    const first = renderSlot(() => current);
    await userEvent.click(await screen.findByRole('button', { name: 'Dölj meddelandet' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY)).toBe(`${ID}:4`);
    first.unmount();

    // Another visit to the home page in the same session.
    const second = renderSlot(() => current);
    await untilRendered(second.queryClient);
    expect(second.reads()).toBe(1);
    expect(banner()).toBeNull();
    second.unmount();

    current = announcement({ version: 5, message: 'Nytt meddelande' });
    renderSlot(() => current);
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toHaveTextContent(
      'Nytt meddelande',
    );
  });

  it('has no close button when it is not dismissible', async () => {
    sessionStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, `${ID}:1`);
    renderSlot(() => announcement({ dismissible: false }));
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dölj meddelandet' })).toBeNull();
  });

  it('polls every 60 s and shows a newly published announcement', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = announcement({ active: false, message: '' });
    const { reads } = renderSlot(() => current);
    await waitFor(() => expect(reads()).toBe(1));
    current = announcement({ version: 2 });
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(reads()).toBe(2);
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toHaveTextContent(MESSAGE);
  });
});
