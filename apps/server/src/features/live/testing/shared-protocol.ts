import { LiveLinkStateSchema, type LiveLink, type Match } from '@speedway/contracts';
import { expect } from 'vitest';
import { userWithRole } from '../../../../test/official-data';
import { api, startProtocol } from '../../../../test/protocol-api';
import type { TestApp } from '../../../../test/test-app';

/**
 * A new user's protocol of an official match, shared live ('Dela live'): the owner's token, the
 * protocol and its link, as the live tests start from.
 */
export async function shareProtocol(
  app: TestApp,
  email: string,
  officialMatchId: string,
): Promise<{ token: string; match: Match; link: LiveLink }> {
  const token = await userWithRole(app, email, 'user');
  const match = await startProtocol(app, token, officialMatchId);
  const res = await api(app, token)('POST', `/api/matches/${match.id}/live-link`);
  expect(res.statusCode, res.body).toBe(201);
  const { link } = LiveLinkStateSchema.parse(res.json());
  return { token, match, link: link! };
}
