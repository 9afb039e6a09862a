/** The server's words when the SDK kept them, else the error's message (document 1 §8). */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { serverMessage, message } = error as { serverMessage?: unknown; message?: unknown };
    if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
    if (typeof message === 'string') return message;
  }
  return String(error);
}
