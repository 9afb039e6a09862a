import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * log2 of scrypt's N for new hashes: 17 (N = 2^17, r = 8, p = 1) is OWASP's advice. Tests lower it through
 * the config (`passwordCost`) to stay fast; stored hashes keep their own parameters, so any cost verifies.
 */
export const DEFAULT_PASSWORD_COST = 17;
/** The range `passwordCost` may take (2^10 for tests, up to 2^20). */
export const PASSWORD_COST_RANGE = { min: 10, max: 20 } as const;

const r = 8;
const p = 1;
const keyLength = 64;
/** scrypt needs 128 · N · r bytes (128 MiB at 2^17, r = 8), above Node's default limit of 32 MiB. */
const maxmem = (N: number, blockSize: number) => 128 * N * blockSize + 16 * 1024 * 1024;
/** The most work a stored hash may ask for (N · r), so a forged row cannot make a check take a gigabyte. */
const MAX_WORK = 2 ** PASSWORD_COST_RANGE.max * r;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$<N>$8$1$<salt b64>$<hash b64>` with a 16-byte random salt, N = 2^cost. */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  if (!Number.isInteger(cost) || cost < PASSWORD_COST_RANGE.min || cost > PASSWORD_COST_RANGE.max)
    throw new Error(
      `password cost must be an integer from ${PASSWORD_COST_RANGE.min} to ${PASSWORD_COST_RANGE.max}`,
    );
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Compares in constant time, with the parameters the hash stored; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const options = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (!Object.values(options).every((v) => Number.isInteger(v) && v > 0)) return false;
  if (options.N < 2 || (options.N & (options.N - 1)) !== 0) return false;
  if (options.N * options.r > MAX_WORK || options.p > 16) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    ...options,
    maxmem: maxmem(options.N, options.r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummies = new Map<number, Promise<string>>();

/**
 * Spends the time of one check (at the cost of new hashes) for an unknown e-mail, so timing does not tell which
 * addresses exist.
 */
export async function verifyNothing(password: string, cost = DEFAULT_PASSWORD_COST): Promise<false> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword('tern-not-a-password', cost);
    dummies.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/** Whether a stored hash was made at a lower cost than new ones get (it is then remade at the next sign-in). */
export function needsRehash(stored: string, cost = DEFAULT_PASSWORD_COST): boolean {
  const [scheme, n] = stored.split('$');
  return scheme === 'scrypt' && Number(n) < 2 ** cost;
}
