import { PASSWORD_MIN_LENGTH as SERVER_MINIMUM } from '@speedway/contracts';
import { expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from './password-rules';

it('hints the same minimum password length as the server checks', () => {
  expect(PASSWORD_MIN_LENGTH).toBe(SERVER_MINIMUM);
});
