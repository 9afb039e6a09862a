import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Steps } from './Steps';

const steps = (onSelect?: () => void) => [
  { id: 'one', label: 'Hotel page', href: '#hotel', ...(onSelect ? { onSelect } : {}) },
  { id: 'two', label: 'Checkout' },
  { id: 'three', label: 'Confirmation', isDisabled: true },
];

describe('Steps', () => {
  it('links a step with an address, marks the current one and disables the others', () => {
    render(<Steps label="Booking steps" steps={steps()} currentId="two" />);
    const nav = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(screen.getByRole('link', { name: /Hotel page/ }).getAttribute('href')).toBe('#hotel');
    expect(nav.querySelector('[aria-current="step"]')?.textContent).toContain('Checkout');
    expect(screen.getByText('Confirmation').closest('[aria-disabled]')).toBeTruthy();
  });

  it('calls onSelect instead of following the link on a plain click, and lets a new-tab click through', async () => {
    const onSelect = vi.fn();
    render(<Steps label="Booking steps" steps={steps(onSelect)} currentId="two" />);
    const link = screen.getByRole('link', { name: /Hotel page/ });
    await userEvent.click(link);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toBe('');
    // A click with a modifier key (a new tab or window) is the link's own: the address stays on it.
    const event = fireEvent.click(link, { ctrlKey: true });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(event).toBe(true);
    expect(link.getAttribute('href')).toBe('#hotel');
  });
});
