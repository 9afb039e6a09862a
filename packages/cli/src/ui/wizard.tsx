/** @jsxRuntime automatic @jsxImportSource react */
import { Box, type Key, Text, useInput, useStdin, useStdout } from 'ink';
import { type ReactElement, useReducer, useRef } from 'react';
import type { Io } from '../io.js';
import { showScreen } from './interruptible.js';
import { printable } from './loginFields.js';

/** Building blocks of the booking wizards: a fields form, a choice list, the key loop and the runner. */

/**
 * State the key handler reads and writes synchronously (a paste followed by Enter arrives before React renders
 * again), re-rendering after each change.
 */
export function useSyncState<T>(initial: () => T): [() => T, (next: T) => void] {
  const ref = useRef<T | null>(null);
  if (ref.current === null) ref.current = initial();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  return [
    () => ref.current as T,
    (next: T) => {
      ref.current = next;
      rerender();
    },
  ];
}

/** Keys of a step: typed text (split around Enter and erase, for pastes), Enter, erase, Esc, arrows. */
export interface KeyHandlers {
  text?(text: string): void;
  erase?(): void;
  enter?(): void;
  escape?(): void;
  up?(): void;
  down?(): void;
  left?(): void;
  right?(): void;
  tab?(shift: boolean): void;
}

/**
 * Reads keys for the handlers of the moment: `current()` is asked again for each key, so keys arriving in one
 * chunk (a paste, or fast typing) go to the step the previous key led to.
 */
export function useKeys(current: () => KeyHandlers, active = true): void {
  const { isRawModeSupported } = useStdin();
  useInput(
    (input: string, key: Key) => {
      if (key.return) return current().enter?.();
      if (key.escape) return current().escape?.();
      if (key.tab) return current().tab?.(key.shift);
      if (key.upArrow) return current().up?.();
      if (key.downArrow) return current().down?.();
      if (key.leftArrow) return current().left?.();
      if (key.rightArrow) return current().right?.();
      if (key.backspace || key.delete) return current().erase?.();
      if (key.ctrl || key.meta) return;
      for (const part of input.split(/(\r\n|[\r\n\u007f\b])/)) {
        if (part === '\r' || part === '\n' || part === '\r\n') current().enter?.();
        else if (part === '\u007f' || part === '\b') current().erase?.();
        else if (part) current().text?.(printable(part));
      }
    },
    { isActive: active && isRawModeSupported === true },
  );
}

export interface FieldSpec {
  key: string;
  label: string;
  hint?: string;
}

export interface FieldsState {
  values: Record<string, string>;
  focus: number;
  errors: Record<string, string>;
}

export function fieldsState(fields: FieldSpec[], values: Record<string, string | undefined>): FieldsState {
  return {
    values: Object.fromEntries(fields.map((f) => [f.key, values[f.key] ?? ''])),
    focus: 0,
    errors: {},
  };
}

/** The form with these errors, the focus on the first field in error. */
export function withErrors(
  fields: FieldSpec[],
  state: FieldsState,
  errors: Record<string, string>,
): FieldsState {
  const first = fields.findIndex((f) => errors[f.key]);
  return { ...state, errors, focus: first >= 0 ? first : state.focus };
}

/** Key handling of a fields form: typing edits the focused field, Enter moves on and submits on the last. */
export function fieldKeys(
  fields: FieldSpec[],
  get: () => FieldsState,
  set: (next: FieldsState) => void,
  onSubmit: (values: Record<string, string>) => void,
): KeyHandlers {
  const focused = () => fields[get().focus]?.key ?? '';
  const edit = (change: (value: string) => string) => {
    const state = get();
    const key = focused();
    const { [key]: _cleared, ...errors } = state.errors;
    set({ ...state, values: { ...state.values, [key]: change(state.values[key] ?? '') }, errors });
  };
  const move = (by: number) => {
    const state = get();
    set({ ...state, focus: (state.focus + by + fields.length) % fields.length });
  };
  return {
    text: (text) => edit((v) => v + text),
    erase: () => edit((v) => v.slice(0, -1)),
    tab: (shift) => move(shift ? -1 : 1),
    down: () => move(1),
    up: () => move(-1),
    enter: () => (get().focus < fields.length - 1 ? move(1) : onSubmit(get().values)),
  };
}

export function Fields({ fields, state }: { fields: FieldSpec[]; state: FieldsState }) {
  const width = Math.max(...fields.map((f) => f.label.length)) + 2;
  return (
    <Box flexDirection="column">
      {fields.map((field, i) => {
        const focused = state.focus === i;
        const error = state.errors[field.key];
        return (
          <Box key={field.key} flexDirection="column">
            <Box>
              <Text color={focused ? 'cyan' : undefined}>{focused ? '› ' : '  '}</Text>
              <Box width={width}>
                <Text bold={focused}>{field.label}</Text>
              </Box>
              <Text>{state.values[field.key]}</Text>
              {focused ? <Text inverse> </Text> : null}
              {focused && field.hint && !state.values[field.key] ? <Text dimColor> {field.hint}</Text> : null}
            </Box>
            {error ? (
              <Text color="red">
                {'    '}
                {error}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * A list with a cursor (↑ ↓); each row is drawn by the caller. A list longer than the terminal shows a window
 * around the cursor, with how many rows are above and below it.
 */
export function Choices<T>({
  items,
  cursor,
  row,
  reserve = 10,
}: {
  items: T[];
  cursor: number;
  row: (item: T, selected: boolean) => ReactElement | string;
  /** Terminal lines the rest of the screen needs. */
  reserve?: number;
}) {
  const { stdout } = useStdout();
  const height = Math.max(3, (stdout.rows || 24) - reserve);
  const start = Math.min(Math.max(0, cursor - Math.floor(height / 2)), Math.max(0, items.length - height));
  const shown = items.slice(start, start + height);
  const below = items.length - start - shown.length;
  return (
    <Box flexDirection="column">
      {start > 0 ? <Text dimColor>{`  ↑ ${start} more`}</Text> : null}
      {shown.map((item, i) => {
        const at = start + i;
        const drawn = row(item, at === cursor);
        return (
          <Box key={at}>
            <Text color={at === cursor ? 'cyan' : undefined}>{at === cursor ? '› ' : '  '}</Text>
            {typeof drawn === 'string' ? <Text>{drawn}</Text> : drawn}
          </Box>
        );
      })}
      {below > 0 ? <Text dimColor>{`  ↓ ${below} more`}</Text> : null}
    </Box>
  );
}

export function Hint({ children }: { children: string }) {
  const { isRawModeSupported } = useStdin();
  return isRawModeSupported === true ? (
    <Text dimColor>{children}</Text>
  ) : (
    <Text color="red">This terminal cannot read keys: pass the flags instead (see --help).</Text>
  );
}

/**
 * Shows a wizard until it finishes with a result or is left (`null`). The wizard calls `done(result)`; the
 * screen gives way to what the command prints next. Ctrl+C throws `Interrupted` (exit 130).
 */
export async function runWizard<T>(
  io: Io,
  wizard: (done: (result: T | null) => void) => ReactElement,
): Promise<T | null> {
  let result: T | null = null;
  await showScreen(io, (close) =>
    wizard((value) => {
      result = value;
      close();
    }),
  );
  return result;
}
