import { ApiError } from '@tern/sdk';

/** What a call was refused with, its status and code (throws if it was not refused, or failed otherwise). */
export async function refusedWith(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}
