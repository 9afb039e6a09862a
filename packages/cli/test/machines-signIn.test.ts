import { stripVTControlCharacters } from 'node:util';
import { signInServerReplies } from '@tern/core/qa/model';
import { afterAll, beforeAll } from 'vitest';
import {
  type CliResult,
  Collector,
  demoEmail,
  FakeTtyStdin,
  PASSWORD,
  removeTempDirs,
  runCli,
  tempConfigDir,
  tick,
  until,
} from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { describeCliReplays, nextOutcome, outcomeNext, type StepDriver } from './machines-replay.js';

// Core's model-based paths of the sign-in machine (M04) replayed through `tern login` on a terminal, against
// the real server: the e-mail and password typed, Enter, Ctrl+F, Ctrl+R, Esc; the server's answers are its own
// (an account with and without a one-time code, a wrong password, a wrong code), except the failures it never
// gives on demand (a reset e-mail or a new code refused), which the command's fetch meets on the way.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

interface Login {
  tty: FakeTtyStdin;
  screen: Collector;
  running: Promise<CliResult>;
  ended: boolean;
  /** Requests (`POST /path`) the fetch answers with a failure, once each. */
  fail: Set<string>;
  email: string;
}

const OTP_ACCOUNT = demoEmail('otp');
const PLAIN_ACCOUNT = demoEmail('agent');
const SIGN_IN = 'POST /api/v1/sessions';
const FORGOT = 'POST /auth/forgot_password_email';

const failing =
  (login: () => Login): typeof fetch =>
  (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const key = `${init?.method ?? (input as Request).method ?? 'GET'} ${url.pathname}`;
    if (login().fail.delete(key))
      return Promise.resolve(
        new Response(JSON.stringify({ errors: [{ status: '503', detail: 'Unavailable for the test' }] }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
      );
    return fetch(input, init);
  };

const plain = (text: string) => stripVTControlCharacters(text);
const LABELS = { email: 'E-mail', password: 'Password', otp: 'Code' } as const;

/** The field the form's last frame marks with `›`. */
function focused(screen: Collector): string | null {
  const marks = [...plain(screen.text).matchAll(/› (E-mail|Password|Code)/g)];
  return marks.at(-1)?.[1] ?? null;
}

async function keys(login: Login, ...chunks: string[]) {
  for (const chunk of chunks) {
    login.tty.write(chunk);
    await tick(40);
  }
}

/** Tab until the field has the focus. */
async function focus(login: Login, field: keyof typeof LABELS) {
  for (let i = 0; i < 3 && focused(login.screen) !== LABELS[field]; i++) await keys(login, '\t');
  await until(
    () => focused(login.screen) === LABELS[field],
    () => plain(login.screen.text).slice(-600),
  );
}

/** What a field is given: the account the path needs, the right or a wrong password or code. */
async function valueFor(login: Login, path: Parameters<StepDriver<Login>>[1], i: number, field: string) {
  if (field === 'email') return login.email;
  if (field === 'password')
    return nextOutcome(path, i, 'signIn')?.kind === 'error' ? 'not-the-password' : PASSWORD;
  const code = await server.latestCode(login.email);
  return nextOutcome(path, i, 'signInWithOtp')?.kind === 'error'
    ? code === '000000'
      ? '111111'
      : '000000'
    : code;
}

const nothing: StepDriver<Login> = async () => {};

describeCliReplays<Login>({
  machine: 'signInMachine',
  liveMachine: 'signIn',
  scenarios: {
    'no remembered device': async (path) => {
      const configDir = await tempConfigDir();
      const tty = new FakeTtyStdin();
      const screen = new Collector(true);
      const needsCode = path.steps.some(
        (s) => s.event.type === 'xstate.done.actor.signIn' && s.event.output?.type === 'otp_challenge',
      );
      const login: Login = {
        tty,
        screen,
        ended: false,
        fail: new Set(),
        email: needsCode ? OTP_ACCOUNT : PLAIN_ACCOUNT,
        running: Promise.resolve({ code: 0, stdout: '', stderr: '' }),
      };
      login.running = runCli(['login', '--api-url', server.url], {
        configDir,
        isTTY: true,
        tty,
        stdout: screen,
        fetch: failing(() => login),
      }).finally(() => {
        login.ended = true;
      });
      await until(
        () => screen.text.includes('Tab: switch field'),
        () => screen.text,
        15_000,
      );
      return login;
    },
  },
  events: {
    'field.change': async (login, path, i, live) => {
      const { field } = path.steps[i]!.event as unknown as { field: keyof typeof LABELS };
      await focus(login, field);
      const value = await valueFor(login, path, i, field);
      // What the field holds now, as the machine reports it, is erased first.
      const held = String((live()?.context as Record<string, unknown> | undefined)?.[field] ?? '');
      if (held) await keys(login, '\u007f'.repeat(held.length));
      await keys(login, value);
    },
    'form.submit': async (login, path, i) => {
      // Enter on the e-mail with no password moves to the password: submit from the password.
      if (path.steps[i - 1]!.value === 'credentials') await focus(login, 'password');
      if (outcomeNext(path, i, 'sendResetEmail') === 'error') login.fail.add(FORGOT);
      await keys(login, '\r');
    },
    'mode.forgot': async (login) => keys(login, '\u0006'),
    'mode.credentials': async (login) => keys(login, '\u001b'),
    'otp.resend': async (login, path, i) => {
      if (outcomeNext(path, i, 'resendOtp') === 'error') login.fail.add(SIGN_IN);
      await keys(login, '\u0012');
    },
    'user.retry': {
      excluded: 'the terminal form has no retry key: Enter after a failure is form.submit',
    },
    ...signInServerReplies(nothing),
  },
  finish: async (login) => {
    if (!login.ended) login.tty.write('\u0003');
    await login.running;
  },
});
