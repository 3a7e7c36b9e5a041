import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { createVerifiedUser, PASSWORD, signInThroughForm, uniqueEmail } from './accounts';
import { apiAs } from './protocol';

/** A new verified user, signed in through the form on `page` and through the API: the API and the address. */
export async function signedInNewUser(
  page: Page,
  request: APIRequestContext,
  name: string,
  info: TestInfo,
) {
  const email = uniqueEmail(info, name);
  await createVerifiedUser(request, email);
  const api = await apiAs(request, email, PASSWORD);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  return { ...api, email };
}
