import { InvalidArgumentError } from 'commander';

/** A flag's whole number from `min` to `max` (commander's parser: a bad one is refused before the command runs). */
export function whole(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`Use a whole number from ${min} to ${max}`);
    return n;
  };
}
