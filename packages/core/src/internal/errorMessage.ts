import { describeErrorCode } from '@tern/sdk';

/**
 * The message to show for a failed call: the server's own words when the SDK kept them
 * (`ApiError.serverMessage`), else the SDK catalogue's words for its code, else the error's message
 * (document 1 §8).
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error === 'object') {
    const { serverMessage, message, code } = error as {
      serverMessage?: unknown;
      message?: unknown;
      code?: unknown;
    };
    if (typeof serverMessage === 'string' && serverMessage !== '') return serverMessage;
    const known = typeof code === 'string' ? describeErrorCode(code) : null;
    if (known) return known;
    if (typeof message === 'string' && message !== '') return message;
  }
  return 'Unknown error';
}
