import { describe, expect, it } from 'vitest';
import { serializeRequest } from '../../lib/log';

describe('a live link in the request log', () => {
  it('is masked in the page and in both API paths', () => {
    const token = 'o1PpbNqqHryIR0zOAizYJCRb6hAofJJJ8NVqfL13CvM';
    for (const url of [`/live/${token}`, `/api/live/${token}`, `/api/live/${token}/events`]) {
      const logged = serializeRequest({ method: 'GET', url }).url;
      expect(logged).not.toContain(token);
      expect(logged).toMatch(/\/live\//);
    }
    expect(serializeRequest({ method: 'GET', url: '/api/live/x/events' }).url).toMatch(/\/events$/);
  });
});
