// The part of `ws` (it publishes no types) that `inspect/server.ts` and its test use.
declare module 'ws' {
  import type { Server } from 'node:http';
  export default class WebSocket {
    constructor(url: string);
    readonly readyState: number;
    send(data: string): void;
    close(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    readonly _socket?: { unref(): void };
  }
  export class WebSocketServer {
    constructor(options: { host: string; port: number });
    readonly clients: Set<WebSocket>;
    address(): { port: number; address: string } | string;
    on(event: 'connection', listener: (socket: WebSocket) => void): this;
    on(event: 'listening', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    close(callback?: () => void): void;
    readonly _server?: Server;
  }
}
