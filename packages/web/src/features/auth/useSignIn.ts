import { signInMachine } from '@tern/core/auth';
import { toStoredSession } from '@tern/core/session';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { readDeviceIdentifier, rememberDevice } from '../../session/deviceCookie';
import { useServices, useSessionActor } from '../../session/SessionContext';
import { liveInspect } from '../qa/liveInspect';

export type LoginStep = 'credentials' | 'otp' | 'forgot';

/**
 * Core's sign-in machine with the API behind it. When it finishes, the device cookie is set (core's
 * `deviceCookieFor`) and the session machine takes the new session (it then leaves the page).
 */
export function useSignIn() {
  const services = useServices();
  const session = useSessionActor();
  const logic = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signIn: fromPromise(({ input }) => services.client.auth.signIn({ body: { session: input } })),
          sendResetEmail: fromPromise(({ input }) => services.client.auth.forgotPassword({ body: input })),
        },
      }),
    [services],
  );
  const [snapshot, send] = useMachine(logic, {
    input: { deviceIdentifier: readDeviceIdentifier() },
    inspect: liveInspect,
  });

  const handedOver = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || handedOver.current || !snapshot.output) return;
    handedOver.current = true;
    const now = services.now();
    rememberDevice(snapshot.output.session, now);
    session.send({ type: 'session.signedIn', session: toStoredSession(snapshot.output.session, now) });
  }, [snapshot, services, session]);

  const step: LoginStep = snapshot.hasTag('otpStep')
    ? 'otp'
    : snapshot.hasTag('forgotMode')
      ? 'forgot'
      : 'credentials';
  return {
    snapshot,
    send,
    step,
    busy: snapshot.hasTag('busy') || snapshot.status === 'done',
    /** Asks the server for a new code (core's `otp.resend`); `snapshot.context.otpResent` says it was sent. */
    resendCode: () => send({ type: 'otp.resend' }),
  };
}
