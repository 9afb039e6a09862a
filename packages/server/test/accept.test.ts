import { describe, expect, it } from 'vitest';
import { prefersHtml } from '../src/http/accept.js';

describe('prefersHtml', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true], // Chromium, Firefox
    ['text/html', true],
    ['application/json', false], // the SDK
    ['application/json, text/html;q=0.5', false],
    ['*/*', false], // curl
    ['text/*', false],
    ['text/html;q=0', false],
    ['text/html, application/json', false],
    ['text/html;q=0.9, application/json;q=0.5', true],
    ['', false],
    [undefined, false],
  ])('%s → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});
