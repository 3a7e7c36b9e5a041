import { installConsoleGuard, installStrictTests } from '../src/testing/strict-test';

// The same strictness as the web project's tests: a console.warn or console.error nobody
// expected fails the test.
installStrictTests();
installConsoleGuard();
