import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validationMessagesEn, validationWords } from './validationWords.js';

const coreSrc = fileURLToPath(new URL('..', import.meta.url));

/** Every `validation_messages.<name>` written in core's sources (tests left out). */
function keysInCore(): Set<string> {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const match of readFileSync(path, 'utf8').matchAll(/validation_messages\.([a-z_]+)/g))
          keys.add(match[1]!);
    }
  };
  walk(coreSrc);
  return keys;
}

describe('validation words', () => {
  it('has English words for every validation key core’s rules use', () => {
    const keys = keysInCore();
    expect(keys.size).toBeGreaterThan(10);
    const missing = [...keys].filter((key) => !Object.hasOwn(validationMessagesEn, key));
    expect(missing).toEqual([]);
  });

  it('words a key with or without its section, and leaves an unknown key as it is', () => {
    expect(validationWords('validation_messages.required')).toBe('Required');
    expect(validationWords('not_negative')).toBe('At least 0');
    expect(validationWords('validation_messages.nope')).toBe('validation_messages.nope');
    expect(validationWords('toString')).toBe('toString');
  });
});
