/** @jsxRuntime automatic @jsxImportSource react */
import type { Session } from '@tern/sdk';
import { render } from 'ink';
import type { Io } from '../io.js';
import { LoginForm, type LoginFormProps } from './LoginForm.js';

/** Shows the login form on the terminal until the user is signed in (the session) or gives up (`null`). */
export async function promptSignIn(
  io: Io,
  props: Omit<LoginFormProps, 'onSignedIn' | 'onCancel'>,
): Promise<Session | null> {
  let session: Session | null = null;
  const instance = render(
    <LoginForm
      {...props}
      onSignedIn={(signedIn) => {
        session = signedIn;
        // The form gives way to the result the command prints.
        instance.rerender(null);
        instance.unmount();
      }}
      onCancel={() => instance.unmount()}
    />,
    {
      stdin: io.stdin as NodeJS.ReadStream,
      stdout: io.stdout as NodeJS.WriteStream,
      stderr: io.stderr as NodeJS.WriteStream,
      exitOnCtrlC: true,
      patchConsole: false,
    },
  );
  await instance.waitUntilExit();
  return session;
}
