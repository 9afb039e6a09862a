import { errorFromResponse } from '@tern/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionFor, storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../../test/renderApp';

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('reset link and change password', () => {
  it('verifies the token, then asks for a new password without the old one', async () => {
    const user = userEvent.setup();
    const resetSession = sessionFor(supplierUser, { purpose: 'password_reset' });
    const { token: _t, deviceIdentifier: _d, ...afterReset } = sessionFor(supplierUser);
    const client = fakeClient({
      verifyResetToken: async () => resetSession,
      resetPassword: async () => ({ message: 'ok' }),
      validateToken: async () => afterReset,
    });
    const app = renderApp({ path: '/verify_reset_password_email?token=abc', client });
    await waitForLocation(app, '/changePassword');
    expect(client.auth.verifyResetToken).toHaveBeenCalledWith({ query: { token: 'abc' } });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password', { exact: true })).toBeNull();
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Repeat the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed')).toBeTruthy();
    expect(client.auth.resetPassword).toHaveBeenCalledWith({
      body: { password: 'new-secret', confirmPassword: 'new-secret' },
    });
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('tern.session') ?? '{}').purpose).toBe('sign_in'),
    );
  });

  it('says an invalid or expired link is invalid and offers a new one', async () => {
    const user = userEvent.setup();
    const client = fakeClient({
      verifyResetToken: async () => {
        throw errorFromResponse(400, 'Bad Request', {
          message: 'This link is invalid or has expired',
          code: 'invalid_reset_token',
        });
      },
    });
    const app = renderApp({ path: '/verify_reset_password_email?token=used', client });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reset links work once');
    // Said once, as the page's heading (not under "Checking your link", nor again in the alert).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link is invalid or has expired');
    expect(screen.queryByText(/Checking your link/)).toBeNull();
    expect(document.body.textContent?.match(/invalid/gi)).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitForLocation(app, '/login?mode=forgot');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('says when the link could not be checked (no verdict on it), and checks again from Try again', async () => {
    const user = userEvent.setup();
    const resetSession = sessionFor(supplierUser, { purpose: 'password_reset' });
    const { token: _t, deviceIdentifier: _d, ...afterReset } = sessionFor(supplierUser);
    let down = true;
    const client = fakeClient({
      verifyResetToken: async () => {
        if (down) throw new TypeError('Failed to fetch');
        return resetSession;
      },
      validateToken: async () => afterReset,
    });
    const app = renderApp({ path: '/verify_reset_password_email?token=abc', client });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(document.body.textContent).not.toMatch(/invalid/i);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForLocation(app, '/changePassword');
    expect(client.auth.verifyResetToken).toHaveBeenCalledTimes(2);
  });

  it('treats a link without a token as invalid', async () => {
    renderApp({ path: '/verify_reset_password_email' });
    await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link is invalid or has expired');
  });

  it('changes the password with the old one, showing core rule errors first', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ changePassword: async () => ({ message: 'ok' }) });
    renderApp({ path: '/changePassword', stored: storedFor(supplierUser, Date.now() + 3_600_000), client });
    await screen.findByRole('heading', { name: 'Change password', level: 1 });
    await user.type(field('Current password'), 'old-secret');
    await user.type(field('New password'), 'abc');
    await user.type(field('Repeat the new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use at least 6 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(field('New password'));

    await user.clear(field('New password'));
    await user.type(field('New password'), 'new-secret');
    await user.clear(field('Repeat the new password'));
    await user.type(field('Repeat the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed')).toBeTruthy();
    expect(client.auth.changePassword).toHaveBeenCalledWith({
      body: { oldPassword: 'old-secret', password: 'new-secret', confirmPassword: 'new-secret' },
    });
  });

  it("shows the server's refusal of the old password", async () => {
    const user = userEvent.setup();
    const client = fakeClient({
      changePassword: async () => {
        throw errorFromResponse(400, 'Bad Request', {
          message: 'The old password is not right.',
          code: 'old_password_wrong',
        });
      },
    });
    renderApp({ path: '/changePassword', stored: storedFor(supplierUser, Date.now() + 3_600_000), client });
    await screen.findByRole('heading', { name: 'Change password', level: 1 });
    await user.type(field('Current password'), 'nope-nope');
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Repeat the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The old password is not right.');
  });
});
