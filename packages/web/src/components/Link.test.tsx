import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { instead, Link } from './Link';

describe('Link', () => {
  it('with `instead`, calls its action on a plain click and lets a new-tab click follow the address', () => {
    const go = vi.fn();
    render(
      <Link href="#elsewhere" onClick={instead(go)}>
        Back
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Back' });
    expect(fireEvent.click(link)).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(fireEvent.click(link, modifier)).toBe(true);
    }
    expect(go).toHaveBeenCalledTimes(1);
    expect(link.getAttribute('href')).toBe('#elsewhere');
  });
});
