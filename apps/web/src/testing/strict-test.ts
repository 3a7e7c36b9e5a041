import { afterAll, afterEach, beforeEach, expect } from 'vitest';

// What makes a web test fail besides its own assertions (installed by testing/setup.ts): a call
// to console.warn or console.error, a fetch that no test stubbed, and a stubbed reply the server
// could never send (testing/fetch-stub.ts). The app turns a failed call into a quiet network
// error, so a missing or wrong stub would otherwise pass unnoticed.

type Expected = { level: 'warn' | 'error'; pattern: RegExp; seen: number };

let problems: string[] = [];
/** Problems met while no test was running (a call after its test ended): the file fails. */
const orphaned: string[] = [];
let expected: Expected[] = [];
let running = false;

/** Fails the running test once it ends (or the file, between tests), whatever the app did. */
export function failTest(message: string): void {
  if (running) problems.push(message);
  else orphaned.push(message);
}

/**
 * For a test about a warning the app logs on purpose: calls to console.warn matching `pattern`
 * are expected (and not printed), and the test fails if none came.
 */
export function expectConsoleWarn(pattern: RegExp): void {
  expected.push({ level: 'warn', pattern, seen: 0 });
}

/** As expectConsoleWarn, for console.error. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ level: 'error', pattern, seen: 0 });
}

const format = (args: unknown[]) =>
  args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');

function record(level: 'warn' | 'error', original: (...args: unknown[]) => void) {
  return (...args: unknown[]) => {
    const text = format(args);
    const match = expected.find((e) => e.level === level && e.pattern.test(text));
    if (match) {
      match.seen += 1;
      return;
    }
    failTest(`console.${level} was called: ${text}`);
    original(...args);
  };
}

/**
 * The fetch every test starts with: a call nobody stubbed rejects and fails the test, naming the
 * call. Not with a TypeError: the app would take that for a dead network and start checking
 * /api/health (lib/offline/http.ts), burying the cause under more calls.
 */
export const unstubbedFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  failTest(`Unexpected fetch: ${method} ${url.pathname} (no test stubbed it)`);
  return Promise.reject(new Error(`Unexpected fetch: ${method} ${url.pathname}`));
};

let watching: { warn: (...args: unknown[]) => void; error: (...args: unknown[]) => void } | null =
  null;

/**
 * Fails a test that silenced the console itself (`vi.spyOn(console, 'warn').mockImplementation`)
 * instead of naming the message it expects. Installed after the setup's clean-up, so it looks
 * before the clean-up restores the spies.
 */
export function installConsoleGuard(): void {
  afterEach(() => {
    for (const level of ['warn', 'error'] as const) {
      if (watching && console[level] !== watching[level]) {
        failTest(`console.${level} was replaced during the test: use expectConsoleWarn/Error`);
      }
    }
  });
}

export function installStrictTests(): void {
  // Set, not stubbed: vi.unstubAllGlobals() after each test brings this back, not Node's fetch.
  globalThis.fetch = unstubbedFetch;

  // Assigned, not spied: a test's own vi.restoreAllMocks() must not take the watch away.
  const { warn, error } = console;
  beforeEach(() => {
    problems = [];
    expected = [];
    running = true;
    watching = {
      warn: record('warn', warn.bind(console)),
      error: record('error', error.bind(console)),
    };
    console.warn = watching.warn;
    console.error = watching.error;
  });

  afterEach(() => {
    running = false;
    console.warn = warn;
    console.error = error;
    watching = null;
    const found = [...problems];
    for (const e of expected) {
      if (e.seen === 0)
        found.push(`expected a console.${e.level} matching ${e.pattern}; none came`);
    }
    problems = [];
    expected = [];
    if (found.length > 0) {
      throw new Error(
        `${expect.getState().currentTestName ?? 'The test'} broke the test rules:\n- ${found.join('\n- ')}`,
      );
    }
  });

  afterAll(() => {
    if (orphaned.length === 0) return;
    const found = orphaned.splice(0);
    throw new Error(`After a test had ended:\n- ${found.join('\n- ')}`);
  });
}
