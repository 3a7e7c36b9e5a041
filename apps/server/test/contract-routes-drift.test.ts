import { describe, expect, it } from 'vitest';
import { CONTRACT_ROUTES } from '../../web/src/testing/contract-routes';
import { ROUTE_MATRIX } from './route-matrix';

// The web tests' table of what each route may answer (apps/web/src/testing/contract-routes.ts) is
// a second list of the server's routes: it must name exactly the routes the server registers
// (ROUTE_MATRIX, which authz-matrix.test.ts holds to the registered routes), or a web stub could
// fake a route that does not exist and no web test would notice a new one.
describe('the web tests’ contract table', () => {
  it('names the routes the server registers, no more', () => {
    const server = new Set(Object.keys(ROUTE_MATRIX));
    const unknown = Object.keys(CONTRACT_ROUTES).filter((key) => !server.has(key));
    expect(unknown).toEqual([]);
  });
});
