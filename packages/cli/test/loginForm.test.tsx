/** @jsxRuntime automatic @jsxImportSource react */
import type { OtpChallenge, Session } from '@tern/sdk';
import { UnauthorizedError } from '@tern/sdk';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm, type LoginFormProps } from '../src/ui/LoginForm.js';
import { tick, until } from './helpers/cli.js';

afterEach(() => cleanup());

const session: Session = {
  id: 's1',
  type: 'session',
  token: 'token-1',
  ttl: 43_200,
  userRole: 'reseller',
  deviceIdentifier: null,
  purpose: 'sign_in',
  user: {
    id: 'u1',
    email: 'agent@demo.tern.test',
    name: 'Árni Valdimarsson',
    role: 'reseller',
    status: 'active',
    agentId: 'a1',
    agent: { id: 'a1', name: 'Northern Lights Travel', paymentLocked: false },
    ternHotels: [],
    otpEnabled: false,
    features: { searchPageIsActive: true, carRentalFeature: false },
  },
};

const challenge: OtpChallenge = {
  id: 'c1',
  type: 'otp_challenge',
  otpClientChallenge: 'challenge-1',
  destination: 'o••@demo.tern.test',
  ttl: 600,
};

type SignIn = LoginFormProps['signIn'];

function setup(signIn: SignIn, props: Partial<LoginFormProps> = {}) {
  const onSignedIn = vi.fn<(s: Session) => void>();
  const onCancel = vi.fn();
  const view = render(
    <LoginForm
      apiUrl="http://127.0.0.1:4000"
      signIn={signIn}
      onSignedIn={onSignedIn}
      onCancel={onCancel}
      {...props}
    />,
  );
  const frame = () => view.lastFrame() ?? '';
  /**
   * Types keys one chunk at a time, letting Ink render between them — and before the first: the form listens to
   * the keys from an effect, which React runs after the first frame is drawn.
   */
  const type = async (...chunks: string[]) => {
    await tick(20);
    for (const chunk of chunks) {
      view.stdin.write(chunk);
      await tick(20);
    }
  };
  return { view, frame, type, onSignedIn, onCancel };
}

describe('LoginForm', () => {
  it('takes the e-mail, moves to the password on Enter, masks it, and signs in', async () => {
    const signIn = vi.fn<SignIn>().mockResolvedValue(session);
    const { frame, type, onSignedIn } = setup(signIn);
    await tick();
    expect(frame()).toContain('Sign in to Tern at http://127.0.0.1:4000');
    expect(frame()).toContain('› E-mail');
    await type('agent@demo.tern.test', '\r');
    expect(frame()).toContain('› Password');
    await type('tern-', 'demo-1');
    expect(frame()).toContain('•••••••••••');
    expect(frame()).not.toContain('tern-demo-1');
    await type('\r');
    await until(() => onSignedIn.mock.calls.length > 0, frame);
    // The request is the one core's sign-in machine builds.
    expect(signIn).toHaveBeenCalledWith({
      email: 'agent@demo.tern.test',
      password: 'tern-demo-1',
      rememberMe: false,
      deviceIdentifier: null,
    });
    expect(onSignedIn).toHaveBeenCalledWith(session);
  });

  it('shows the rules of core inline and sends nothing while they fail', async () => {
    const signIn = vi.fn<SignIn>();
    const { frame, type } = setup(signIn);
    await type('agent', '\t', 'x', '\r');
    expect(frame()).toContain('Enter an e-mail address such as name@example.com');
    // The focus goes back to the field in error; erasing and retyping fixes it.
    expect(frame()).toContain('› E-mail');
    await type('\u007f'.repeat(5), 'agent@demo.tern.test');
    expect(frame()).not.toContain('such as name@example.com');
    expect(signIn).not.toHaveBeenCalled();
    await type('\t', '\u007f', '\r');
    expect(frame()).toContain('Required');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('asks for the code when the server answers with a challenge, then sends it with the challenge', async () => {
    const signIn = vi.fn<SignIn>().mockResolvedValueOnce(challenge).mockResolvedValueOnce(session);
    const { frame, type, onSignedIn } = setup(signIn, {
      initialEmail: 'otp@demo.tern.test',
      deviceIdentifier: 'device-1',
      rememberMe: true,
    });
    await tick();
    expect(frame()).toContain('› Password');
    await type('tern-demo-1\r');
    await until(() => frame().includes('A one-time code was sent to o••@demo.tern.test.'), frame);
    expect(frame()).toContain('› Code');
    await type('123', '\r');
    expect(frame()).toContain('The code has 6 digits');
    await type('456', '\r');
    await until(() => onSignedIn.mock.calls.length > 0, frame);
    expect(signIn).toHaveBeenLastCalledWith({
      email: 'otp@demo.tern.test',
      password: 'tern-demo-1',
      rememberMe: true,
      deviceIdentifier: 'device-1',
      otp: '123456',
      otpClientChallenge: 'challenge-1',
    });
  });

  it('shows a failed sign-in inline, keeps the form, and clears a refused code', async () => {
    const refused = new UnauthorizedError({
      status: 401,
      message: 'The code is not right',
      code: 'otp_invalid',
    });
    const signIn = vi
      .fn<SignIn>()
      .mockResolvedValueOnce(challenge)
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce(session);
    const { frame, type, onSignedIn } = setup(signIn, { initialEmail: 'otp@demo.tern.test' });
    await type('tern-demo-1', '\r');
    await until(() => frame().includes('› Code'), frame);
    await type('000000', '\r');
    await until(() => frame().includes('✗ The code is not right'), frame);
    expect(frame()).toContain('› Code');
    expect(frame()).not.toContain('000000');
    expect(onSignedIn).not.toHaveBeenCalled();
    await type('654321\r');
    await until(() => onSignedIn.mock.calls.length > 0, frame);
  });

  it('goes back from the code to the password with Esc, and cancels with Esc on the first step', async () => {
    const signIn = vi.fn<SignIn>().mockResolvedValue(challenge);
    const { frame, type, onCancel } = setup(signIn, {
      initialEmail: 'otp@demo.tern.test',
      describeError: () => 'unused',
    });
    await type('tern-demo-1', '\r');
    await until(() => frame().includes('› Code'), frame);
    await type('\u001b');
    await until(() => frame().includes('› Password'), frame);
    expect(frame()).toContain('otp@demo.tern.test');
    expect(onCancel).not.toHaveBeenCalled();
    await type('\u001b');
    await until(() => onCancel.mock.calls.length > 0, frame);
  });

  it('words a failure with describeError', async () => {
    const signIn = vi.fn<SignIn>().mockRejectedValue(new TypeError('fetch failed'));
    const { frame, type } = setup(signIn, {
      describeError: (e) => `Cannot reach the API (${(e as Error).message})`,
    });
    await type('agent@demo.tern.test', '\r', 'pw', '\r');
    await until(() => frame().includes('✗ Cannot reach the API (fetch failed)'), frame);
  });

  it('sends a new code with Ctrl+R on the code step (core’s otp.resend) and uses the new challenge', async () => {
    const again: OtpChallenge = { ...challenge, otpClientChallenge: 'challenge-2' };
    const signIn = vi
      .fn<SignIn>()
      .mockResolvedValueOnce(challenge)
      .mockResolvedValueOnce(again)
      .mockResolvedValueOnce(session);
    const { frame, type, onSignedIn } = setup(signIn, { initialEmail: 'otp@demo.tern.test' });
    await type('tern-demo-1', '\r');
    await until(() => frame().includes('› Code'), frame);
    expect(frame()).toContain('Ctrl+R: send a new code');
    await type('\u0012');
    await until(() => frame().includes('A new code was sent to o••@demo.tern.test.'), frame);
    // The credentials went again, without a code.
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(signIn.mock.calls[1]?.[0]).not.toHaveProperty('otp');
    await type('654321', '\r');
    await until(() => onSignedIn.mock.calls.length > 0, frame);
    expect(signIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ otp: '654321', otpClientChallenge: 'challenge-2' }),
    );
  });

  it('ignores Ctrl+R on the first step', async () => {
    const signIn = vi.fn<SignIn>();
    const { frame, type } = setup(signIn, { initialEmail: 'agent@demo.tern.test' });
    await type('pw', '\u0012');
    expect(frame()).toContain('› Password');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('sends a reset link from the forgot-password step (Ctrl+F) and goes back with Esc', async () => {
    const signIn = vi.fn<SignIn>();
    const sendResetEmail = vi.fn().mockResolvedValue(undefined);
    const { frame, type } = setup(signIn, { sendResetEmail });
    expect(frame()).toContain('Ctrl+F: forgot password');
    await type('\u0006');
    await until(() => frame().includes('will be e-mailed to this address'), frame);
    expect(frame()).not.toContain('Password');
    await type('\r');
    expect(frame()).toContain('Required');
    await type('agent@demo.tern.test', '\r');
    await until(() => frame().includes('a link to choose a new password is on its way'), frame);
    expect(sendResetEmail).toHaveBeenCalledWith({ email: 'agent@demo.tern.test' });
    await type('\u001b');
    await until(() => frame().includes('› E-mail'), frame);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('offers no forgot-password step without a way to send the link', async () => {
    const { frame, type } = setup(vi.fn<SignIn>());
    expect(frame()).not.toContain('Ctrl+F');
    await type('\u0006');
    expect(frame()).toContain('› E-mail');
  });
});
