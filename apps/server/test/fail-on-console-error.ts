import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs an error has a problem even if its assertions pass.
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (calls.length > 0)
    throw new Error(
      `console.error was called:\n${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`,
    );
});
