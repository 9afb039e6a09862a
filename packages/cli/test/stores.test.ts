import { createClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern stores`: a property's staff list its gift-card stores and read one's settings and types.

let server: TestServer;
let propertyId: string;
beforeAll(async () => {
  server = await startTestServer();
  const api = createClient({ baseUrl: server.url });
  const reply = await api.auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  const me = await createClient({ baseUrl: server.url, token: () => reply.token }).auth.currentUser();
  propertyId = me.ternHotels.find((h) => h.name === 'Harbour View Hotel')!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

describe('tern stores', () => {
  it('lists the demo hotel’s store and shows its settings; another company’s hotelier is refused', async () => {
    const configDir = await signedInAt(server.url, 'hotelier');
    const at = ['--api-url', server.url, '--property', propertyId];
    const list = await runCli(['stores', 'list', ...at], { configDir });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Harbour View gift cards\s+active\s+\/harbour-view\s+yes/);
    const json = await runCli(['stores', 'list', ...at, '--json'], { configDir });
    const id = (JSON.parse(json.stdout) as { items: { id: string }[] }).items[0]!.id;
    const show = await runCli(['stores', 'show', id, ...at], { configDir });
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/Address\s+\/harbour-view \(active\)/);
    expect(show.stdout).toMatch(/Cancellation\s+up to 2 day\(s\) before arrival/);
    expect(show.stdout).toContain('No gift card type is sold here yet.');

    const rival = await signedInAt(server.url, 'hotelier2');
    const refused = await runCli(['stores', 'show', id, ...at], { configDir: rival });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/no such (property|store)/i);
  });
});
