/** @jsxRuntime automatic @jsxImportSource react */
import type { Session } from '@tern/sdk';
import { Box, type Key, Text, useInput, useStdin } from 'ink';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type LoginField, type LoginStep, validationText } from './loginFields.js';
import { createSignInController, type SignInServices, type SignInView } from './signInController.js';

export interface LoginFormProps extends SignInServices {
  /** Where the sign-in goes, shown in the title. */
  apiUrl: string;
  initialEmail?: string;
  /** The trusted device kept from an earlier sign-in with a code (the server may then skip the code). */
  deviceIdentifier?: string | null;
  /** A 30-day session. */
  rememberMe?: boolean;
  onSignedIn: (session: Session) => void;
  /** Escape on the first step. */
  onCancel?: () => void;
}

const LABELS: Record<LoginField, string> = { email: 'E-mail', password: 'Password', otp: 'Code' };

const HINTS: Record<LoginStep, (canForgot: boolean) => string> = {
  credentials: (canForgot) =>
    `Enter: next / sign in · Tab: switch field${canForgot ? ' · Ctrl+F: forgot password' : ''} · Esc: cancel`,
  otp: () => 'Enter: sign in · Ctrl+R: send a new code · Esc: back',
  forgot: () => 'Enter: send the link · Esc: back',
};

function FieldRow({ view, field, busy }: { view: SignInView; field: LoginField; busy: boolean }) {
  const focused = view.focus === field;
  const raw = view.snapshot.context[field];
  const value = field === 'password' ? '•'.repeat(raw.length) : raw;
  const error = view.snapshot.context.fieldErrors[field];
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focused ? 'cyan' : undefined}>{focused ? '› ' : '  '}</Text>
        <Box width={10}>
          <Text bold={focused}>{LABELS[field]}</Text>
        </Box>
        <Text>{value}</Text>
        {focused && !busy ? <Text inverse> </Text> : null}
      </Box>
      {error ? (
        <Text color="red">
          {'    '}
          {validationText[error]}
        </Text>
      ) : null}
    </Box>
  );
}

function StepBody({ view, busy }: { view: SignInView; busy: boolean }) {
  const { context } = view.snapshot;
  if (view.step === 'otp')
    return (
      <>
        <Text>
          {context.otpResent ? 'A new code was sent to' : 'A one-time code was sent to'}{' '}
          {context.otpDestination}.
        </Text>
        <FieldRow view={view} field="otp" busy={busy} />
      </>
    );
  if (view.step === 'forgot')
    return view.snapshot.matches('forgotSent') ? (
      <Text color="green">
        If {context.email.trim()} has an account, a link to choose a new password is on its way.
      </Text>
    ) : (
      <>
        <Text>A link to choose a new password will be e-mailed to this address.</Text>
        <FieldRow view={view} field="email" busy={busy} />
      </>
    );
  return (
    <>
      <FieldRow view={view} field="email" busy={busy} />
      <FieldRow view={view} field="password" busy={busy} />
    </>
  );
}

/**
 * The sign-in form of `tern login` on a terminal, driven by core's `signInMachine`: e-mail and password
 * (masked), the code when the server asks (Ctrl+R sends a new one), forgot password (Ctrl+F).
 */
export function LoginForm(props: LoginFormProps) {
  const { isRawModeSupported } = useStdin();
  const [controller] = useState(() =>
    createSignInController({
      signIn: props.signIn,
      ...(props.sendResetEmail ? { sendResetEmail: props.sendResetEmail } : {}),
      ...(props.describeError ? { describeError: props.describeError } : {}),
      ...(props.initialEmail ? { email: props.initialEmail } : {}),
      deviceIdentifier: props.deviceIdentifier ?? null,
      rememberMe: props.rememberMe === true,
      onSignedIn: (session) => props.onSignedIn(session),
      onCancel: () => props.onCancel?.(),
    }),
  );
  useEffect(() => {
    controller.start();
    return () => controller.stop();
  }, [controller]);
  const view = useSyncExternalStore(controller.subscribe, controller.get, controller.get);
  const busy = controller.busy();

  useInput(
    (input: string, key: Key) => {
      if (key.return) return controller.submit();
      if (key.escape) return controller.escape();
      if (key.ctrl && input === 'r') return controller.resendCode();
      if (key.ctrl && input === 'f') return controller.forgotPassword();
      if (key.tab || key.downArrow) return controller.moveFocus(key.shift ? -1 : 1);
      if (key.upArrow) return controller.moveFocus(-1);
      if (key.backspace || key.delete) return controller.erase();
      if (key.ctrl || key.meta) return;
      // A paste (or keys faster than the terminal reads) arrives as one chunk: Enter and erase keep their meaning.
      for (const part of input.split(/(\r\n|[\r\n\u007f\b])/)) {
        if (part === '\r' || part === '\n' || part === '\r\n') controller.submit();
        else if (part === '\u007f' || part === '\b') controller.erase();
        else if (part) controller.type(part);
      }
    },
    { isActive: isRawModeSupported === true },
  );

  const { error } = view.snapshot.context;
  return (
    <Box flexDirection="column">
      <Text bold>Sign in to Tern at {props.apiUrl}</Text>
      <StepBody view={view} busy={busy} />
      {view.snapshot.matches('resendingOtp') ? <Text color="yellow">Sending a new code…</Text> : null}
      {view.snapshot.matches('forgotSending') ? <Text color="yellow">Sending…</Text> : null}
      {view.snapshot.matches('submitting') || view.snapshot.matches('submittingOtp') ? (
        <Text color="yellow">Signing in…</Text>
      ) : null}
      {error ? <Text color="red">✗ {error.message}</Text> : null}
      {isRawModeSupported === true ? (
        <Text dimColor>
          {view.snapshot.matches('forgotSent') ? 'Esc: back' : HINTS[view.step](controller.canForgot)}
        </Text>
      ) : (
        <Text color="red">This terminal cannot read keys: use --email and --password-stdin instead.</Text>
      )}
    </Box>
  );
}
