import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// Secrets Tern must read back later (a payment provider's secret key) are sealed with AES-256-GCM under the
// server's key: TERN_SECRET_KEY (32 bytes, base64 or hex), or — for an embedded database folder — a key file
// beside it (`<data>.key`, readable by the owner only), made on first start. Nothing else stores them.

const VERSION = 'v1';

/** A key from its text: 32 bytes as base64 (44 characters) or hex (64); `null` for anything else. */
export function parseSecretKey(text: string | undefined): Buffer | null {
  const value = text?.trim() ?? '';
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** `v1.<iv|tag|ciphertext, base64url>`: a fresh nonce each time, authenticated. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plaintext of a sealed secret, or `null` when it was sealed under another key or tampered with. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The key file of an embedded database folder: read, or made (owner-only) on first start. */
export async function keyFileKey(path: string): Promise<Buffer> {
  const existing = await readFile(path, 'utf8').catch(() => null);
  if (existing !== null) {
    const key = parseSecretKey(existing);
    if (!key) throw new Error(`${path} does not hold a 32-byte key (base64 or hex)`);
    return key;
  }
  const key = randomBytes(32);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  return key;
}
