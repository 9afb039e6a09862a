/** @jsxRuntime automatic @jsxImportSource react */
import { errorMessage } from '@tern/core';
import type { Session } from '@tern/sdk';
import { Box, type Key, Text, useInput, useStdin } from 'ink';
import { useState, useSyncExternalStore } from 'react';
import {
  initialLoginForm,
  type LoginField,
  type LoginFormAction,
  type LoginFormState,
  onEnter,
  reduceLoginForm,
  type SignInReply,
  type SignInRequest,
  validationText,
} from './loginForm.js';

export interface LoginFormProps {
  /** Where the sign-in goes, shown in the title. */
  apiUrl: string;
  initialEmail?: string;
  /** Sends the sign-in (the device identifier and "remember me" are the caller's). */
  signIn: (request: Omit<SignInRequest, 'rememberMe' | 'deviceIdentifier'>) => Promise<SignInReply>;
  /** The line to show for a failed sign-in. Default: the server's words. */
  describeError?: (error: unknown) => string;
  onSignedIn: (session: Session) => void;
  /** Escape on the first step. */
  onCancel?: () => void;
}

/**
 * A store the key handler reads synchronously: several keys can arrive before React renders again (a
 * paste followed by Enter), and each must see the state the previous one left.
 */
function createStore(initial: LoginFormState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action: LoginFormAction) {
      state = reduceLoginForm(state, action);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const LABELS: Record<LoginField, string> = { email: 'E-mail', password: 'Password', otp: 'Code' };

function FieldRow({ state, field }: { state: LoginFormState; field: LoginField }) {
  const focused = state.focus === field;
  const value = field === 'password' ? '•'.repeat(state.password.length) : state[field];
  const error = state.fieldErrors[field];
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focused ? 'cyan' : undefined}>{focused ? '› ' : '  '}</Text>
        <Box width={10}>
          <Text bold={focused}>{LABELS[field]}</Text>
        </Box>
        <Text>{value}</Text>
        {focused && !state.busy ? <Text inverse> </Text> : null}
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

/** The sign-in form of `tern login` on a terminal: e-mail, password (masked), then the code when asked. */
export function LoginForm(props: LoginFormProps) {
  const { isRawModeSupported } = useStdin();
  const [store] = useState(() => createStore(initialLoginForm(props.initialEmail)));
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const describe = props.describeError ?? errorMessage;

  const submit = () => {
    const outcome = onEnter(store.get());
    if (outcome.kind === 'focus') return store.dispatch({ type: 'focus.next' });
    if (outcome.kind === 'invalid') return store.dispatch({ type: 'form.invalid', errors: outcome.errors });
    store.dispatch({ type: 'form.submitting' });
    props.signIn(outcome.request).then(
      (reply) => {
        if (reply.type === 'otp_challenge') store.dispatch({ type: 'reply.challenge', challenge: reply });
        else props.onSignedIn(reply);
      },
      (error: unknown) => store.dispatch({ type: 'reply.failed', message: describe(error) }),
    );
  };

  useInput(
    (input: string, key: Key) => {
      if (key.return) return submit();
      if (key.escape) {
        if (store.get().step === 'otp') return store.dispatch({ type: 'step.back' });
        return props.onCancel?.();
      }
      if (key.tab || key.downArrow)
        return store.dispatch({ type: key.shift ? 'focus.previous' : 'focus.next' });
      if (key.upArrow) return store.dispatch({ type: 'focus.previous' });
      if (key.backspace || key.delete) return store.dispatch({ type: 'text.erase' });
      if (key.ctrl || key.meta) return;
      // A paste (or keys faster than the terminal reads) arrives as one chunk: Enter and erase keep their meaning.
      for (const part of input.split(/(\r\n|[\r\n\u007f\b])/)) {
        if (part === '\r' || part === '\n' || part === '\r\n') submit();
        else if (part === '\u007f' || part === '\b') store.dispatch({ type: 'text.erase' });
        else if (part) store.dispatch({ type: 'text.type', text: part });
      }
    },
    { isActive: isRawModeSupported === true },
  );

  return (
    <Box flexDirection="column">
      <Text bold>Sign in to Tern at {props.apiUrl}</Text>
      {state.step === 'credentials' ? (
        <>
          <FieldRow state={state} field="email" />
          <FieldRow state={state} field="password" />
        </>
      ) : (
        <>
          <Text>A one-time code was sent to {state.challenge?.destination}.</Text>
          <FieldRow state={state} field="otp" />
        </>
      )}
      {state.busy ? <Text color="yellow">Signing in…</Text> : null}
      {state.error ? <Text color="red">✗ {state.error}</Text> : null}
      {isRawModeSupported === true ? (
        <Text dimColor>
          {state.step === 'credentials'
            ? 'Enter: next / sign in · Tab: switch field · Esc: cancel'
            : 'Enter: sign in · Esc: back'}
        </Text>
      ) : (
        <Text color="red">This terminal cannot read keys: use --email and --password-stdin instead.</Text>
      )}
    </Box>
  );
}
