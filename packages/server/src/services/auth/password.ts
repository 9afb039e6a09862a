import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 1;
const keyLength = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$16384$8$1$<salt b64>$<hash b64>` with a 16-byte random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: 256 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;

/** Spends the time of one check for an unknown e-mail, so timing does not tell which addresses exist. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('tern-not-a-password');
  await verifyPassword(password, await dummy);
  return false;
}
