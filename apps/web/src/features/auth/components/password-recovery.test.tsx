import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { findToast, renderApp } from '@/testing/render';

describe('forgot password', () => {
  it('sends the e-mail and shows the server message', async () => {
    const message = 'Om adressen finns hos oss har vi skickat en länk.';
    const network = stubFetch({ 'POST /api/auth/password/forgot': { json: { message } } });
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-postadress'), 'Anna@Example.se ');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/password/forgot')[0]?.body).toEqual({
      email: 'anna@example.se',
    });
  });

  it('says when the e-mail could not be sent', async () => {
    stubFetch({ 'POST /api/auth/password/forgot': apiError(500, 'INTERNAL_ERROR', 'Fel.') });
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-postadress'), 'anna@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    await findToast('Kunde inte skicka e-post.');
  });

  it('says an empty e-mail is required, not malformed, and sends nothing', async () => {
    const network = stubFetch({});
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Skicka återställningslänk' }));
    expect(await screen.findByText('E-postadress krävs.')).toBeInTheDocument();
    expect(screen.queryByText(/Felaktig e-postadress/)).not.toBeInTheDocument();
    // A typed address that is malformed still says so.
    await user.type(screen.getByLabelText('E-postadress'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Skicka återställningslänk' }));
    expect(await screen.findByText(/Felaktig e-postadress/)).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/password/forgot')).toHaveLength(0);
  });
});

describe('reset password', () => {
  async function fill(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nytt lösenord'), password);
    await user.type(screen.getByLabelText('Bekräfta lösenord'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Spara nytt lösenord' }));
  }

  it('needs a token', async () => {
    stubFetch({});
    renderApp('/auth/reset-password');
    expect(await screen.findByText('Ogiltig länk')).toBeInTheDocument();
    expect(screen.getByText('Saknar token för återställning')).toBeInTheDocument();
  });

  it('says the link is valid for one hour and refuses different passwords', async () => {
    const network = stubFetch({});
    renderApp('/auth/reset-password?token=t1');
    expect(await screen.findByText(/Länken gäller i en timme/)).toBeInTheDocument();
    await fill('langtlosen1', 'langtlosen2');
    expect(screen.getByText('Lösenord matchar inte')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('refuses empty passwords', async () => {
    const network = stubFetch({});
    renderApp('/auth/reset-password?token=t1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spara nytt lösenord' }));
    expect(screen.getByText('Lösenord matchar inte')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('saves, then goes to /auth after 1200 ms', async () => {
    const network = stubFetch({
      'POST /api/auth/password/reset': { json: { message: 'Lösenordet är ändrat.' } },
    });
    const { router } = renderApp('/auth/reset-password?token=t1');
    await fill('langtlosen1', 'langtlosen1');
    await findToast('Lösenordet är ändrat.');
    const savedAt = Date.now();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 3000 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1000);
    expect(network.callsTo('POST /api/auth/password/reset')[0]?.body).toEqual({
      token: 't1',
      new_password: 'langtlosen1',
    });
  });

  it('explains a failed reset', async () => {
    stubFetch({
      'POST /api/auth/password/reset': apiError(400, 'INVALID_TOKEN', 'Okänd token.'),
    });
    renderApp('/auth/reset-password?token=t1');
    await fill('langtlosen1', 'langtlosen1');
    await findToast('Kunde inte återställa lösenord');
    await findToast('Länken kan vara ogiltig eller ha gått ut.');
  });
});

describe('verify e-mail', () => {
  it('verifies once, even when effects run twice, and offers to sign in', async () => {
    const network = stubFetch({
      'POST /api/auth/verify-email': {
        json: { message: 'E-postadressen är verifierad. Du kan nu logga in.' },
      },
    });
    renderApp('/auth/verify-email?token=v1', undefined, { strict: true });
    expect(
      await screen.findByText('E-postadressen är verifierad. Du kan nu logga in.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Logga in' }),
    ).toHaveAttribute('href', '/auth');
    expect(network.callsTo('POST /api/auth/verify-email')).toHaveLength(1);
    expect(network.calls[0]?.body).toEqual({ token: 'v1' });
  });

  it('needs a token', async () => {
    stubFetch({});
    renderApp('/auth/verify-email');
    expect(await screen.findByText('Verifieringslänken saknar token.')).toBeInTheDocument();
  });

  it('explains a failed verification', async () => {
    stubFetch({
      'POST /api/auth/verify-email': apiError(400, 'INVALID_TOKEN', 'Något annat.'),
    });
    renderApp('/auth/verify-email?token=v1');
    expect(
      await screen.findByText(
        'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.',
      ),
    ).toBeInTheDocument();
  });
});

describe('verify a changed e-mail address', () => {
  it("shows the server's reason when another account has the address now", async () => {
    const reason =
      'Adressen används nu av ett annat konto, så e-postadressen byttes inte. Kontot har kvar sin nuvarande adress.';
    stubFetch({ 'POST /api/auth/verify-email': apiError(409, 'EMAIL_TAKEN', reason) });
    renderApp('/auth/verify-email?token=v1');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(
      screen.queryByText('Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.'),
    ).not.toBeInTheDocument();
  });
});

describe('undo an e-mail change', () => {
  it('sends the token from the mailed link once and shows the server message', async () => {
    const message =
      'E-postadressen är återställd och alla inloggningar är avslutade. Vi har skickat en länk så att du kan välja ett nytt lösenord.';
    const network = stubFetch({ 'POST /api/auth/email/revert': { json: { message } } });
    renderApp('/auth/revert-email?token=r1', undefined, { strict: true });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/email/revert')).toHaveLength(1);
    expect(network.callsTo('POST /api/auth/email/revert')[0]?.body).toEqual({ token: 'r1' });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Logga in' }),
    ).toHaveAttribute('href', '/auth');
  });

  it("shows the server's reason when the address cannot be restored", async () => {
    const reason = 'Adressen används nu av ett annat konto och kan inte återställas. Kontakta oss.';
    stubFetch({ 'POST /api/auth/email/revert': apiError(409, 'EMAIL_TAKEN', reason) });
    renderApp('/auth/revert-email?token=r1');
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('needs a token', async () => {
    stubFetch({});
    renderApp('/auth/revert-email');
    expect(await screen.findByText('Länken saknar token.')).toBeInTheDocument();
  });
});
