import type { Readable, Writable } from 'node:stream';
import { passwordCostFromEnv } from './config.js';
import { migrate } from './db/migrate.js';
import { describeDb, type OpenOptions, openDb } from './db/open.js';
import { createAdmin } from './services/auth/users.js';

type Input = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** Reads a password: the first line of piped input, or typed at a terminal without echo. */
export async function readPassword(input: Input, prompt: Writable): Promise<string> {
  if (!input.isTTY || !input.setRawMode) {
    let text = '';
    for await (const chunk of input) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    return text.split(/\r?\n/)[0] ?? '';
  }
  prompt.write('Password for the new admin (not shown): ');
  input.setRawMode(true);
  input.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      const onData = (chunk: Buffer) => {
        for (const ch of chunk.toString('utf8')) {
          if (ch === '\r' || ch === '\n') return done(() => resolve(typed));
          if (ch === '\u0003') return done(() => reject(new Error('Cancelled')));
          typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch;
        }
      };
      const done = (settle: () => void) => {
        input.off('data', onData);
        settle();
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    prompt.write('\n');
  }
}

/**
 * `tern-server --create-admin EMAIL`: migrates the database if it is new, reads the password from stdin and
 * adds an active admin. Stop the server first on an embedded database (PGlite takes one process at a time).
 */
export async function createAdminCommand(
  email: string,
  where: OpenOptions,
  io: { stdin: Input; stderr: Writable } = { stdin: process.stdin, stderr: process.stderr },
): Promise<void> {
  const password = await readPassword(io.stdin, io.stderr);
  const db = await openDb(where);
  try {
    await migrate(db);
    const admin = await createAdmin(db, { email, password, passwordCost: passwordCostFromEnv(process.env) });
    io.stderr.write(`admin ${admin.email} created in ${describeDb(where)}\n`);
  } finally {
    await db.close();
  }
}
