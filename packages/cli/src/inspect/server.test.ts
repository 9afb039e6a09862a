import { machineCatalogue } from '@tern/core/qa';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createActor } from 'xstate';
import { cliInspect, inspectPort, startInspector } from './server.js';

const signIn = machineCatalogue.find((e) => e.id === 'signIn')!.machine;
const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A ws client's messages, parsed, as they arrive. */
function client(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(String(data))));
  stops.push(() => socket.close());
  return { messages, opened: new Promise<void>((resolve) => socket.on('open', () => resolve())) };
}

describe('tern --inspect: the machines over a loopback WebSocket', () => {
  it('sends the running actors at connection, then each step', async () => {
    const inspector = await startInspector(0);
    stops.push(() => inspector.close());
    const actor = createActor(signIn, { input: {}, inspect: cliInspect }).start();
    stops.push(() => actor.stop());

    const { messages, opened } = client(inspector.port);
    await opened;
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({
      kind: 'actor',
      source: `cli:${process.pid}`,
      machine: 'signIn',
      value: 'credentials',
      active: ['signIn.credentials'],
    });

    actor.send({ type: 'mode.forgot' });
    await expect.poll(() => messages.at(-1)?.event).toBe('mode.forgot');
    expect(messages.at(-1)!.active).not.toContain('signIn.credentials');
  });

  it('listens on 127.0.0.1 only, and closes', async () => {
    const inspector = await startInspector(0);
    const { opened } = client(inspector.port);
    await opened;
    const connects = (url: string) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.on('open', () => resolve(socket.close()));
        socket.on('error', reject);
      });
    // The same port on this host's IPv6 loopback is not this server's.
    await expect(connects(`ws://[::1]:${inspector.port}`)).rejects.toThrow();
    await inspector.close();
    await expect(connects(`ws://127.0.0.1:${inspector.port}`)).rejects.toThrow();
  });

  it('takes a port from 1 to 65535, 9230 without one', () => {
    expect(inspectPort(true)).toBe(9230);
    expect(inspectPort('4444')).toBe(4444);
    expect(() => inspectPort('0')).toThrow('--inspect takes a port from 1 to 65535, not “0”');
    expect(() => inspectPort('http')).toThrow('not “http”');
  });
});
