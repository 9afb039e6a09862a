import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Outside sandbox mode the outbox is an admin's: `tern mail` sends the stored session when there is one.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sandbox: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const signedIn = (login: string) => signedInAt(server.url, login);

describe('tern mail on a server that is not a sandbox', () => {
  it('says the outbox is closed to someone signed out, and to an agent', async () => {
    for (const configDir of [await tempConfigDir(), await signedIn('agent')]) {
      const reply = await runCli(['mail', 'list', '--api-url', server.url, '--json'], { configDir });
      expect(reply.code).toBe(1);
      expect(JSON.parse(reply.stdout).error).toMatchObject({ code: 'outbox_closed' });
    }
  });

  it('lists the outbox for an admin signed in', async () => {
    const configDir = await signedIn('admin');
    const reply = await runCli(['mail', 'list', '--api-url', server.url, '--json'], { configDir });
    expect(reply.code).toBe(0);
    expect(JSON.parse(reply.stdout)).toMatchObject({ items: expect.any(Array), meta: { page: 1 } });
  });
});
