import { Command } from 'commander';
import { registerAdmin } from './commands/admin/index.js';
import { registerApi } from './commands/api/index.js';
import { registerApiKeys } from './commands/apiKeys/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerBook } from './commands/book/index.js';
import { registerBookings } from './commands/bookings/index.js';
import { registerCampaigns } from './commands/campaigns/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerContracts } from './commands/contracts/index.js';
import { registerGiftCards } from './commands/giftCards/index.js';
import { registerInventory } from './commands/inventory/index.js';
import { registerMail } from './commands/mail/index.js';
import { registerPlaces } from './commands/places/index.js';
import { registerPromoCodes } from './commands/promoCodes/index.js';
import { registerProperty } from './commands/property/index.js';
import { registerRooms } from './commands/rooms/index.js';
import { registerSearch } from './commands/search/index.js';
import { registerStore } from './commands/store/index.js';
import { registerStores } from './commands/stores/index.js';
import { registerUse } from './commands/use/index.js';
import { type ContextOf, createContext } from './context.js';
import { UserError } from './errors.js';
import { addHelpExtras } from './helpText.js';
import { inspectPort, startInspector } from './inspect/server.js';
import type { Io } from './io.js';
import { takesDefaultProperty } from './property.js';
import { ternVersion } from './version.js';

/**
 * The `tern` command tree. Each command group registers itself from `commands/<group>/index.ts`; a new group
 * (`tern search …`, `tern book …`) is one more `register…` call here.
 */
export function buildProgram(io: Io): Command {
  const program = new Command('tern')
    .description("Tern's command line: sign in and work with the Tern API (scripting with --json)")
    .version(ternVersion(), '-v, --version', 'the version of tern')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Parse errors are printed once, by run(), as user errors (and as JSON with --json).
      outputError: () => {},
    })
    .option(
      '--api-url <url>',
      'the Tern API (default: the signed-in one, then TERN_API_URL, then http://127.0.0.1:4000)',
    )
    .option('--json', 'print the result as JSON on stdout (errors as {"error": …}); never prompts')
    .option(
      '--config-dir <dir>',
      'where config.json is (default: TERN_CONFIG_DIR, then $XDG_CONFIG_HOME/tern or ~/.config/tern)',
    )
    .option(
      '--profile <name>',
      'a profile of its own: its sign-in and defaults in profiles/NAME.json of the config folder (default: TERN_PROFILE, else config.json)',
    )
    .option(
      '--inspect [port]',
      "report the command's state machines to the QA visualizer over a WebSocket on 127.0.0.1 (default port 9230)",
    )
    .hook('preAction', async () => {
      const { inspect } = program.opts<{ inspect?: string | true }>();
      if (inspect === undefined) return;
      let port: number;
      try {
        port = inspectPort(inspect);
      } catch (error) {
        throw new UserError((error as Error).message, { code: 'usage' });
      }
      let inspector: Awaited<ReturnType<typeof startInspector>>;
      try {
        inspector = await startInspector(port);
      } catch (error) {
        throw new UserError(
          `Could not listen on 127.0.0.1:${port} for --inspect (${(error as Error).message}); pass another port`,
          { code: 'usage' },
        );
      }
      io.stderr.write(`Inspecting: the QA visualizer can connect to ws://127.0.0.1:${inspector.port}\n`);
      program.hook('postAction', () => inspector.close());
    })
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 an error you can fix (the message says how), 2 a usage error, 70 a bug in tern, 130 interrupted (Ctrl+C).',
    );
  const contextOf: ContextOf = (command) => createContext(io, command.optsWithGlobals());
  // `--property` left out: `tern use`'s default for the API, else the user's only property (see property.ts).
  program.hook('preAction', async (_program, command) => {
    if (!takesDefaultProperty(command)) return;
    const { fillProperty } = await import('./propertyDefault.js');
    await fillProperty(contextOf(command), command);
  });
  registerAuth(program, contextOf);
  registerMail(program, contextOf);
  registerSearch(program, contextOf);
  registerPlaces(program, contextOf);
  registerProperty(program, contextOf);
  registerUse(program, contextOf);
  registerBook(program, contextOf);
  registerBookings(program, contextOf);
  registerContracts(program, contextOf);
  registerApiKeys(program, contextOf);
  registerPromoCodes(program, contextOf);
  registerStores(program, contextOf);
  registerStore(program, contextOf);
  registerGiftCards(program, contextOf);
  registerCampaigns(program, contextOf);
  registerInventory(program, contextOf);
  registerRooms(program, contextOf);
  registerAdmin(program, contextOf);
  registerApi(program, contextOf);
  registerCompletion(program, contextOf);
  addHelpExtras(program);
  return program;
}
