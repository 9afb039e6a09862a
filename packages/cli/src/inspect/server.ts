import { type LiveActorReport, liveReport, liveReportOf } from '@tern/core/qa';
import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * `tern --inspect [port]`: the command's machines are reported to the QA visualizer over a WebSocket
 * server this process opens on the loopback address only (127.0.0.1; default port 9230). The visualizer page
 * connects to ws://127.0.0.1:PORT and gets the same reports as from the web app's tabs (core's `liveReport`):
 * every running machine actor at connection, then each of their steps. Without the flag, `cliInspect` returns
 * at once.
 */

export const DEFAULT_INSPECT_PORT = 9230;

interface Inspector {
  port: number;
  send(report: LiveActorReport): void;
  close(): Promise<void>;
}

const actors = new Set<AnyActorRef>();
let inspector: Inspector | null = null;
const source = `cli:${process.pid}`;

/** The observer to pass as `inspect` to the command's actors. */
export function cliInspect(event: InspectionEvent) {
  if (!inspector) return;
  if (event.type === '@xstate.actor') actors.add(event.actorRef as AnyActorRef);
  const report = liveReportOf(source, event);
  if (report) inspector.send(report);
}

/** Parses the flag's value: `true` (no value) is the default port; a port is 1–65535. */
export function inspectPort(value: unknown): number {
  if (value === true || value === undefined) return DEFAULT_INSPECT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(
      `--inspect takes a port from 1 to 65535, not “${String(value)}” (tern --inspect 9230 book stay, or tern book stay --inspect)`,
    );
  return port;
}

/** Opens the server (port 0: any free one) and makes `cliInspect` report to it. */
export async function startInspector(port: number): Promise<Inspector> {
  const { WebSocketServer } = await import('ws');
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    server.on('listening', resolve);
    server.on('error', reject);
  });
  // Never what keeps the command running: it ends when its work does, connected or not.
  server._server?.unref();
  const address = server.address();
  const bound = typeof address === 'string' ? port : address.port;
  const OPEN = 1;
  const broadcast = (text: string) => {
    for (const client of server.clients) if (client.readyState === OPEN) client.send(text);
  };
  server.on('connection', (socket) => {
    socket._socket?.unref();
    for (const actor of actors) {
      const report = liveReport(source, actor);
      if (report?.status === 'active') socket.send(JSON.stringify(report));
      else actors.delete(actor);
    }
  });
  inspector = {
    port: bound,
    send: (report) => broadcast(JSON.stringify(report)),
    close: () =>
      new Promise<void>((resolve) => {
        inspector = null;
        actors.clear();
        for (const client of server.clients) client.close();
        server.close(() => resolve());
      }),
  };
  return inspector;
}
