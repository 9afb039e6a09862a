/** @jsxRuntime automatic @jsxImportSource react */
import { type Instance, render, useInput, useStdin } from 'ink';
import type { ReactElement, ReactNode } from 'react';
import { Interrupted } from '../errors.js';
import type { Io } from '../io.js';

/** Ctrl+C on a raw terminal arrives as a key, not a signal: it ends the screen as an interruption. */
function CtrlC({ onInterrupt, children }: { onInterrupt: () => void; children: ReactNode }) {
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') onInterrupt();
    },
    { isActive: isRawModeSupported === true },
  );
  return children;
}

/**
 * Shows an Ink screen until it finishes: `screen(close)` draws it, and `close()` gives way to what the command
 * prints next. Ctrl+C rejects with `Interrupted` (exit 130), as SIGINT would end the command.
 */
export async function showScreen(io: Io, screen: (close: () => void) => ReactElement): Promise<void> {
  let interrupted = false;
  let instance: Instance | null = null;
  const close = () => {
    instance?.rerender(null);
    instance?.unmount();
  };
  instance = render(
    <CtrlC
      onInterrupt={() => {
        interrupted = true;
        close();
      }}
    >
      {screen(close)}
    </CtrlC>,
    {
      stdin: io.stdin as NodeJS.ReadStream,
      stdout: io.stdout as NodeJS.WriteStream,
      stderr: io.stderr as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
    },
  );
  await instance.waitUntilExit();
  if (interrupted) throw new Interrupted();
}
