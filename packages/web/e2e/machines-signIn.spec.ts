import { expect, type Page } from '@playwright/test';
import { signInServerReplies } from '../../core/src/qa/test/replies.ts';
import { demo, outbox, PASSWORD } from './helpers';
import { describeWebReplays, nextOutcome, outcomeNext, type StepDriver } from './machines-replay';

// Core's model-based paths of the sign-in machine (M04) replayed through the login page, against the test
// server: the fields filled, the buttons pressed; the server's answers are its own (an account with and without
// a one-time code, an e-mail with no account, a wrong code), except the failures it never gives on demand (a
// reset e-mail or a new code refused), which `page.route` answers on the way. The same paths go through
// `tern login` in packages/cli/test/machines-signIn.test.ts.

interface Login {
  page: Page;
  email: string;
}

const SIGN_IN = '**/api/v1/sessions';
const FORGOT = '**/auth/forgot_password_email';

/** The next request to `url` is answered 503 by the route, once. */
async function failOnce(page: Page, url: string) {
  await page.route(
    url,
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ status: '503', detail: 'Unavailable for the test' }] }),
      }),
    { times: 1 },
  );
}

/** The newest sign-in code mailed to `email`. */
async function latestCode(page: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const [mail] = await outbox(page.request, email, 'otp_code');
      code = /\b(\d{6})\b/.exec(mail?.attributes.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

const fieldOf = (page: Page, field: string) =>
  field === 'email'
    ? page.getByRole('textbox', { name: 'E-mail' })
    : field === 'password'
      ? page.getByLabel('Password', { exact: true })
      : page.getByRole('textbox', { name: 'Code' });

const nothing: StepDriver<Login> = async () => {};

describeWebReplays<Login>({
  machine: 'signInMachine',
  liveMachine: 'signIn',
  scenarios: {
    'no remembered device': async (page, path) => {
      const needsCode = path.steps.some(
        (s) => s.event.type === 'xstate.done.actor.signIn' && s.event.output?.type === 'otp_challenge',
      );
      // A refused sign-in is an e-mail with no account: no demo login collects failures (the server throttles).
      const refused = nextOutcome(path, 0, 'signIn')?.kind === 'error';
      const email = needsCode ? demo('otp') : refused ? `nobody-${Date.now()}@example.com` : demo('agent');
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in to Tern' })).toBeVisible();
      return { page, email };
    },
  },
  events: {
    'field.change': async ({ page, email }, path, i) => {
      const { field } = path.steps[i]!.event as unknown as { field: string };
      const value =
        field === 'email'
          ? email
          : field === 'password'
            ? PASSWORD
            : nextOutcome(path, i, 'signInWithOtp')?.kind === 'error'
              ? await latestCode(page, email).then((c) => (c === '000000' ? '111111' : '000000'))
              : await latestCode(page, email);
      await fieldOf(page, field).fill(value);
    },
    'form.submit': async ({ page }, path, i) => {
      const from = path.steps[i - 1]!.value;
      if (outcomeNext(path, i, 'sendResetEmail') === 'error') await failOnce(page, FORGOT);
      const name = from === 'otp' ? 'Verify and sign in' : from === 'forgot' ? 'Reset password' : 'Sign in';
      await page.getByRole('button', { name, exact: true }).click();
    },
    'mode.forgot': async ({ page }) => page.getByRole('button', { name: 'Forgot your password?' }).click(),
    'mode.credentials': async ({ page }, path, i) => {
      const name = path.steps[i - 1]!.value === 'otp' ? 'Use another account' : 'Back to sign in';
      await page.getByRole('button', { name }).click();
    },
    'otp.resend': async ({ page }, path, i) => {
      if (outcomeNext(path, i, 'resendOtp') === 'error') await failOnce(page, SIGN_IN);
      await page.getByRole('button', { name: 'Send a new code' }).click();
    },
    'user.retry': {
      excluded: 'the login page has no retry button: pressing the submit button again is form.submit',
    },
    ...signInServerReplies(nothing),
  },
});
