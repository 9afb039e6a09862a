import { type SignInEvent, type SignInFormField, signInMachine } from '@tern/core/auth';
import type { Session } from '@tern/sdk';
import { type Actor, createActor, fromPromise } from 'xstate';
import { cliInspect } from '../inspect/server.js';
import {
  enterMovesOn,
  firstInError,
  focusOnEntering,
  type LoginField,
  type LoginStep,
  moveFocus,
  printable,
  type SignInReply,
  type SignInRequest,
  type SignInSnapshot,
  stepOf,
} from './loginFields.js';

export interface SignInServices {
  /** Sends the sign-in request the machine built (with its device identifier and "remember me"). */
  signIn: (request: SignInRequest) => Promise<SignInReply>;
  /** Asks for a password reset e-mail; without it the form offers no "forgot password". */
  sendResetEmail?: (request: { email: string }) => Promise<unknown>;
  /** The line to show for a failure (the machine keeps it as `context.error`). Default: the error's message. */
  describeError?: (error: unknown) => string;
}

export interface SignInControllerOptions extends SignInServices {
  email?: string;
  deviceIdentifier?: string | null;
  rememberMe?: boolean;
  onSignedIn: (session: Session) => void;
  onCancel?: () => void;
}

export interface SignInView {
  snapshot: SignInSnapshot;
  step: LoginStep;
  focus: LoginField;
}

/** A failure worded for the terminal; core's `errorMessage` reads its `message`. */
async function worded<T>(call: Promise<T>, describe?: (error: unknown) => string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!describe) throw error;
    throw new Error(describe(error), { cause: error });
  }
}

/**
 * Core's `signInMachine`, run with the SDK's calls, plus the one thing the terminal keeps itself: the focus.
 * Keys are read synchronously (a paste followed by Enter arrives before React renders again), so the view is
 * a store over the actor rather than React state.
 */
export function createSignInController(options: SignInControllerOptions) {
  const { sendResetEmail, describeError } = options;
  const logic = signInMachine.provide({
    actors: {
      signIn: fromPromise<SignInReply, SignInRequest>(({ input }) =>
        worded(options.signIn(input), describeError),
      ),
      ...(sendResetEmail
        ? {
            sendResetEmail: fromPromise<unknown, { email: string }>(({ input }) =>
              worded(sendResetEmail(input), describeError),
            ),
          }
        : {}),
    },
  });
  const actor: Actor<typeof logic> = createActor(logic, {
    inspect: cliInspect,
    input: { email: options.email ?? '', deviceIdentifier: options.deviceIdentifier ?? null },
  });
  const listeners = new Set<() => void>();
  const first = actor.getSnapshot();
  let view: SignInView = {
    snapshot: first,
    step: stepOf(first),
    focus: focusOnEntering(stepOf(first), null, first.context.email),
  };
  let finished = false;

  const publish = (snapshot: SignInSnapshot, focus: LoginField) => {
    view = { snapshot, step: stepOf(snapshot), focus };
    for (const listener of listeners) listener();
  };

  actor.subscribe((snapshot) => {
    const before = view;
    const step = stepOf(snapshot);
    const focus = step === before.step ? before.focus : focusOnEntering(step, before.step, '');
    publish(snapshot, focus);
    // A refused code is cleared for retyping (the terminal has no "select all").
    if (before.snapshot.matches('submittingOtp') && snapshot.matches('otp') && snapshot.context.error)
      actor.send({ type: 'field.change', field: 'otp', value: '' });
    if (snapshot.status === 'done' && !finished) {
      finished = true;
      options.onSignedIn(snapshot.output.session);
    }
  });

  const send = (event: SignInEvent) => actor.send(event);
  const busy = () => view.snapshot.hasTag('busy') || view.snapshot.status === 'done';
  const setFocus = (focus: LoginField) => publish(view.snapshot, focus);

  const fieldValue = (field: LoginField) => view.snapshot.context[field];
  const change = (field: SignInFormField, value: string | boolean) =>
    send({ type: 'field.change', field, value });

  const submit = () => {
    const { step, focus, snapshot } = view;
    if (enterMovesOn(step, focus, snapshot.context.password)) return setFocus(moveFocus(step, focus, 1));
    send({ type: 'form.submit' });
    // The machine stayed on the step and marked fields: the focus goes to the first of them.
    const { fieldErrors } = view.snapshot.context;
    if (!busy() && Object.keys(fieldErrors).length > 0)
      setFocus(firstInError(view.step, fieldErrors, view.focus));
  };

  return {
    actor,
    get: () => view,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      actor.start();
      if (options.rememberMe) change('rememberMe', true);
    },
    stop() {
      actor.stop();
    },
    canForgot: sendResetEmail !== undefined,
    busy,
    type(text: string) {
      const clean = printable(text);
      if (!clean || busy()) return;
      change(view.focus, fieldValue(view.focus) + clean);
    },
    erase() {
      if (busy()) return;
      change(view.focus, fieldValue(view.focus).slice(0, -1));
    },
    moveFocus(by: 1 | -1) {
      if (!busy()) setFocus(moveFocus(view.step, view.focus, by));
    },
    submit() {
      if (!busy()) submit();
    },
    /** Esc: back to the e-mail and password from the code or forgot step; cancel on the first step. */
    escape() {
      if (busy()) return;
      if (view.step === 'credentials') return options.onCancel?.();
      send({ type: 'mode.credentials' });
    },
    /** Ctrl+R on the code step: a new code (core's `otp.resend`). */
    resendCode() {
      send({ type: 'otp.resend' });
    },
    /** Ctrl+F on the first step: the forgot-password step. */
    forgotPassword() {
      if (sendResetEmail) send({ type: 'mode.forgot' });
    },
  };
}

export type SignInController = ReturnType<typeof createSignInController>;
