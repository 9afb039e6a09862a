// The part of `ws` (it publishes no types) that `qa-machines.spec.ts` uses: a server standing in for
// `tern --inspect`.
declare module 'ws' {
  export class WebSocketServer {
    constructor(options: { host: string; port: number });
    on(event: 'connection', listener: (socket: { send(data: string): void }) => void): this;
    close(): void;
  }
}
