import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// Secrets Tern must read back later (a payment provider's secret key) are sealed with AES-256-GCM under the
// server's key: TERN_SECRET_KEY (32 bytes, base64 or hex), or — for an embedded database folder only — a key file
// beside it (`<data>.key`, readable by the owner only), made on first start. Nothing else stores them.
//
// Each value is bound to where it belongs (its context, e.g. `payment_providers:<id>:secretKey`) as AES-GCM's
// additional data: a sealed value copied to another row or field does not open. Formats:
// - `v2.<iv|tag|ciphertext, base64url>`: bound to its context (everything sealed now);
// - `v1.<…>`: sealed before the binding, with no context; still opened, and re-sealed as v2 by
//   `tern-server --reseal-secrets`.
// Old values are opened with TERN_SECRET_KEY_PREVIOUS too, while a key is being rotated.

const VERSION = 'v2';
const LEGACY = 'v1';

/** The keys a server opens secrets with: the one it seals with, and the one before it during a rotation. */
export interface SecretKeys {
  current: Buffer;
  previous: Buffer | null;
}

/** How to make a key, for the messages that ask for one. */
export const MAKE_A_KEY =
  "make one with `openssl rand -base64 32` (or `node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64'))\"`)";

/** A key from its text: 32 bytes as base64 (44 characters; base64url too) or hex (64); `null` for anything else. */
export function parseSecretKey(text: string | undefined): Buffer | null {
  const value = text?.trim() ?? '';
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * TERN_SECRET_KEY and TERN_SECRET_KEY_PREVIOUS as keys, `null` when not set; a set but malformed one is refused,
 * saying how to make one.
 */
export function secretKeysFromEnv(env: Record<string, string | undefined>): {
  current: Buffer | null;
  previous: Buffer | null;
} {
  const read = (name: string) => {
    const text = env[name]?.trim();
    if (!text) return null;
    const key = parseSecretKey(text);
    if (!key)
      throw new Error(
        `${name} is not a key: it must be 32 random bytes, written as base64 (44 characters) or hex (64) — ${MAKE_A_KEY}`,
      );
    return key;
  };
  return { current: read('TERN_SECRET_KEY'), previous: read('TERN_SECRET_KEY_PREVIOUS') };
}

/**
 * A key of its own for one purpose (e.g. signing the payment provider's returns), derived from the server's one
 * key with HKDF-SHA256: the purpose is its `info`, so no two uses share a key and the secret key is never used
 * as it is outside sealing.
 */
export const deriveKey = (key: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `tern:${purpose}`, 32));

/** Where a payment provider's secret field belongs: the additional data it is sealed with. */
export const providerSecretContext = (providerId: string, field: string) =>
  `payment_providers:${providerId}:${field}`;

/** `v2.<iv|tag|ciphertext, base64url>`: a fresh nonce each time, authenticated, bound to `context`. */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function open(key: Buffer, raw: Buffer, aad: Buffer | null): string | null {
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A sealed value opened: its plaintext, and whether it is sealed as it would be now (v2 under the current key). */
export interface OpenedSecret {
  plaintext: string;
  current: boolean;
}

/**
 * Opens a sealed value for `context` with the current key, else the previous one; `null` when it was sealed
 * under another key, for another context, or tampered with.
 */
export function openSealed(keys: SecretKeys, sealed: string, context: string): OpenedSecret | null {
  const [version, data, extra] = sealed.split('.');
  if ((version !== VERSION && version !== LEGACY) || !data || extra !== undefined) return null;
  const raw = Buffer.from(data, 'base64url');
  const aad = version === VERSION ? Buffer.from(context, 'utf8') : null;
  const withCurrent = open(keys.current, raw, aad);
  if (withCurrent !== null) return { plaintext: withCurrent, current: version === VERSION };
  const withPrevious = keys.previous ? open(keys.previous, raw, aad) : null;
  return withPrevious === null ? null : { plaintext: withPrevious, current: false };
}

/**
 * How many bytes a sealed value's plaintext has, read from its length alone (GCM adds none); `null` for a value
 * that is not sealed as Tern seals.
 */
export function sealedByteLength(sealed: string): number | null {
  const [version, data] = sealed.split('.');
  if ((version !== VERSION && version !== LEGACY) || !data) return null;
  const bytes = Math.floor((data.length * 3) / 4) - 28;
  return bytes >= 0 ? bytes : null;
}

/** The plaintext of a sealed value (see `openSealed`), or `null`. */
export function openSecret(keys: SecretKeys, sealed: string, context: string): string | null {
  return openSealed(keys, sealed, context)?.plaintext ?? null;
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
