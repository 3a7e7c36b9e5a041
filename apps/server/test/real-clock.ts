import { afterAll, beforeAll } from 'vitest';
import { clock } from '../src/features/notifications/clock';

// The server's files share one module graph per worker (isolate: false, ADR 020): a file that
// moves the notification feature's clock (reminders, quiet hours) must not leave the next file in
// that worker at its fixed time (the next file's reminders were then scheduled hours away, and a
// CI run waited in vain for them). Every file starts and ends on the real clock.
const real = () => {
  clock.now = () => new Date();
};
beforeAll(real);
afterAll(real);
