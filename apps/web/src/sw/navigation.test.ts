import { describe, expect, it } from 'vitest';
import { navigationPage } from './navigation';

// The cases of the server's prerenderedPageFinder (apps/server/src/plugins/spa.test.ts): the
// worker must pick the page the server would send.
describe('navigationPage', () => {
  const routes = [
    { path: '/', file: 'home.html' },
    { path: '/my-matches/:tab', file: 'tab.html' },
    { path: '/my-matches/saved/:userMatchId', file: 'saved.html' },
    { path: '/matches/official/:officialId', file: 'official.html' },
    { path: '/account/profile', file: 'profile.html' },
    { path: '/account/:page', file: 'account-page.html' },
  ];
  const page = (pathname: string) => navigationPage(routes, pathname);

  it('matches literal segments exactly and a parameter to any one segment', () => {
    expect(page('/')).toBe('/home.html');
    expect(page('/my-matches/saved-protocols')).toBe('/tab.html');
    expect(page('/my-matches/saved/7')).toBe('/saved.html');
    expect(page('/matches/official/abc')).toBe('/official.html');
  });

  it('gives the generic shell where the server would', () => {
    expect(page('/matches/official')).toBe('/index.html');
    expect(page('/okänd')).toBe('/index.html');
  });

  it('prefers a literal segment to a parameter, and ignores trailing slashes', () => {
    expect(page('/account/profile')).toBe('/profile.html');
    expect(page('/account/profile/')).toBe('/profile.html');
    expect(page('/account/security')).toBe('/account-page.html');
  });
});
