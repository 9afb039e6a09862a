/** @jsxRuntime automatic @jsxImportSource react */
import type { Session } from '@tern/sdk';
import type { Io } from '../io.js';
import { showScreen } from './interruptible.js';
import { LoginForm, type LoginFormProps } from './LoginForm.js';

/**
 * Shows the login form on the terminal until the user is signed in (the session) or gives up with Esc
 * (`null`). Ctrl+C throws `Interrupted` (exit 130).
 */
export async function promptSignIn(
  io: Io,
  props: Omit<LoginFormProps, 'onSignedIn' | 'onCancel'>,
): Promise<Session | null> {
  let session: Session | null = null;
  await showScreen(io, (close) => (
    <LoginForm
      {...props}
      onSignedIn={(signedIn) => {
        session = signedIn;
        close();
      }}
      onCancel={close}
    />
  ));
  return session;
}
