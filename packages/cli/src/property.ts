import { type Command, Option } from 'commander';

// `--property` in one place: the commands that work on one property add `propertyOption()`, and program.ts's
// `preAction` hook fills it when it is left out (`fillProperty` in propertyDefault.ts): the stored default of
// `tern use` for this API, else the signed-in user's only property, else a usage error that says what to do.

const defaulted = new WeakSet<Option>();

/**
 * `--property <id>` for a command that works on one property: `.addOption(propertyOption())`. Left out, it is
 * `tern use`'s property for this API, else your only one. Where leaving it out means "all of them" (`bookings
 * list`, `contracts`), declare a plain option instead.
 */
export function propertyOption(description = 'the property'): Option {
  const option = new Option(
    '--property <id>',
    `${description} (default: \`tern use\`'s, else your only one; \`tern whoami\` lists them)`,
  );
  defaulted.add(option);
  return option;
}

/** Whether `command` declared its `--property` with `propertyOption`. */
export function takesDefaultProperty(command: Command): boolean {
  return command.options.some((option) => defaulted.has(option));
}
