const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether a value looks like an e-mail address (`name@host.tld`), surrounding spaces ignored. */
export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}
