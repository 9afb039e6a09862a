import { errorFromResponse } from '@tern/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { otpChallenge, resellerUser, sessionFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../../test/renderApp';
import { readDeviceIdentifier } from '../../session/deviceCookie';
import { SESSION_KEY } from '../../session/storage';

const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const passwordField = () => screen.getByLabelText('Password', { exact: true });

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
}

describe('login page', () => {
  it('shows core rule errors on the fields, and focuses the first one', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await user.type(emailField(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = emailField();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    const descriptions = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Enter an e-mail address such as name@example.com');
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it('shows the words of the refusal’s code in an alert after a failed sign-in', async () => {
    const user = userEvent.setup();
    const client = fakeClient({
      signIn: async () => {
        throw errorFromResponse(401, 'Unauthorized', {
          message: 'Invalid e-mail or password',
          code: 'invalid_credentials',
        });
      },
    });
    renderApp({ path: '/login', client });
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await fillCredentials(user, 'agent@example.test', 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You could not be signed in');
    expect(alert.textContent).toContain('The e-mail or password is not right.');
    expect(alert.textContent).not.toContain('Invalid e-mail or password');
    expect(document.activeElement).toBe(alert);
  });

  it('signs in, stores the session, sets the device cookie and returns to the guarded page', async () => {
    const user = userEvent.setup();
    const client = fakeClient({
      signIn: async () => sessionFor(supplierUser, { deviceIdentifier: 'device-1' }),
    });
    const app = renderApp({ path: '/profile', client });
    await waitForLocation(app, '/login?redirect=%2Fprofile');
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await fillCredentials(user, 'helga@example.test', 'secret-1');
    // The checkbox's code arrives just after the page draws (a placeholder holds its place).
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForLocation(app, '/profile');
    expect(client.auth.signIn).toHaveBeenCalledWith({
      body: {
        session: {
          email: 'helga@example.test',
          password: 'secret-1',
          rememberMe: true,
          deviceIdentifier: null,
        },
      },
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}').token).toBe('tok-u-supplier');
    expect(readDeviceIdentifier()).toBe('device-1');
  });

  it('asks for the one-time code, sends it with the challenge, and can send a new code', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const client = fakeClient({
      signIn: async () => (++calls < 3 ? otpChallenge : sessionFor(resellerUser)),
    });
    const app = renderApp({ path: '/login', client });
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await fillCredentials(user, 'otp@example.test', 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { name: 'Enter your sign-in code' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/o••@example\.test/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(client.auth.signIn).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Enter your sign-in code' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Code/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitForLocation(app, '/bookings');
    expect(client.auth.signIn).toHaveBeenLastCalledWith({
      body: {
        session: {
          email: 'otp@example.test',
          password: 'secret-1',
          rememberMe: false,
          deviceIdentifier: null,
          otp: '123456',
          otpClientChallenge: 'challenge-1',
        },
      },
    });
  });

  it('goes back from the code step to the credentials, with the password cleared', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ signIn: async () => otpChallenge });
    renderApp({ path: '/login', client });
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await fillCredentials(user, 'otp@example.test', 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Enter your sign-in code' });
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    expect((emailField() as HTMLInputElement).value).toBe('otp@example.test');
    expect((passwordField() as HTMLInputElement).value).toBe('');
  });

  it('sends the reset e-mail, confirms it, and disables the button', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ forgotPassword: async () => ({ message: 'sent' }) });
    renderApp({ path: '/login', client });
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const heading = await screen.findByRole('heading', { name: 'Reset your password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.type(emailField(), 'helga@example.test');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const status = await screen.findByText('Check your inbox');
    expect(status.closest('[role="status"]')?.textContent).toContain('helga@example.test');
    expect(client.auth.forgotPassword).toHaveBeenCalledWith({ body: { email: 'helga@example.test' } });
    expect(screen.getByRole('button', { name: 'Reset password' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { name: 'Sign in to Tern' });
  });

  it('opens the forgot form from ?mode=forgot', async () => {
    renderApp({ path: '/login?mode=forgot' });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });
});
