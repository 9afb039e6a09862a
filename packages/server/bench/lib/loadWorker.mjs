// The client thread's entry: Node's workers do not inherit tsx's loader, so it is registered here before the
// TypeScript worker is loaded (loadWorker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./loadWorker.ts');
