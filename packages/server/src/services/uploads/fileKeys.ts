// The keys files are stored under, one rule for every store (fileStore.ts, objectStore.ts).

/** `uploads/3f…a9-575.jpg`: lower-case letters, digits, `-`, `_`, `.` and `/` between parts, no `..`. */
const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/;

export const isFileKey = (key: string): boolean => KEY.test(key);

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${key}`);
}
