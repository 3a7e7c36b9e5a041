import { expect, test } from '@playwright/test';
import type { Match } from '@speedway/contracts';
import { goOffline, goOnline, unsyncedBadge } from '../support/network';
import { onOwnServer, openProtocolForOffline } from '../support/own-server';
import { registerAsRidden } from '../support/protocol';

// ADR 010 WP6 spec 4 (phone project): the server is killed (SIGKILL) while the outbox replays a
// protocol registered offline, and started again on the same data: the outbox drains, each change
// written once. On a server of its own, so the shared one lives on.

onOwnServer(
  'kill -9 of the server during the replay: the outbox drains after the restart',
  async ({ page, context, request, own }, info) => {
    test.setTimeout(240_000);
    const { api, official, heats, match } = await openProtocolForOffline(
      own,
      page,
      request,
      info,
      'offline-kill',
    );

    await goOffline(context);
    await registerAsRidden(page, heats);
    await expect(unsyncedBadge(page, 16)).toHaveText('16 osynkade');

    // The 5th heat save has gone to the server: kill it there, then start it again.
    let heatSaves = 0;
    let restarted: Promise<void> | undefined;
    own.proxy.onForwarded(({ path }) => {
      if (!/\/heat\/\d+\/save$/.test(path) || ++heatSaves !== 5) return;
      restarted = own.kill().then(own.start);
    });
    await goOnline(context);
    await expect.poll(() => restarted !== undefined, { timeout: 60_000 }).toBe(true);
    await restarted;
    own.proxy.onForwarded(undefined);

    await expect(unsyncedBadge(page)).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByText('Väntar på nätet')).toHaveCount(0);
    await expect(page.getByText('Konflikt – välj version')).toHaveCount(0);
    const after = await api.call<Match>('GET', `/api/matches/${match.id}`);
    expect(after.completed_heats).toBe(15);
    expect([after.home_score, after.away_score]).toEqual([
      official.result!.home_score,
      official.result!.away_score,
    ]);

    // Each change written once: no key with two writes the server did not answer from its store.
    const writes = own.proxy.writes.filter((w) => w.path.startsWith(`/api/matches/${match.id}/`));
    const answered = writes.filter((w) => w.status !== 'cut' && w.status < 300);
    const written = answered.filter((w) => !w.replayed);
    expect(new Set(written.map((w) => w.key)).size).toBe(written.length);
    // Every change reached the server: the 16 paths (15 heats, the nomination) each have an answer.
    // A write the server committed just before the kill is answered from its store on the retry
    // (replayed), so it counts as written though no fresh write of it is seen.
    expect(new Set(answered.map((w) => w.path)).size).toBe(16);
    info.annotations.push({
      type: 'replay',
      description: writes
        .map(
          (w) =>
            `${w.path.split('/').slice(-2).join('/')} ${w.status}${w.replayed ? ' replayed' : ''}`,
        )
        .join(', '),
    });
  },
);
