import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

function Controlled({ errorMessage }: { errorMessage?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextArea
        label="Special request"
        description="The property reads it; it is not guaranteed."
        {...(errorMessage ? { errorMessage } : {})}
        value={value}
        onChange={setValue}
      />
      <output aria-label="Value">{value}</output>
    </>
  );
}

describe('TextArea', () => {
  it('is a labelled, described multi-line field that takes several lines', async () => {
    render(<Controlled />);
    const field = screen.getByRole('textbox', { name: 'Special request' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('The property reads it; it is not guaranteed.').id).toBe(
      field.getAttribute('aria-describedby')?.split(' ')[0],
    );
    await userEvent.setup().type(field, 'Late arrival{Enter}Quiet room');
    expect(screen.getByRole('status', { name: 'Value' }).textContent).toBe('Late arrival\nQuiet room');
  });

  it('says its error and is invalid while one is set', () => {
    render(<Controlled errorMessage="At most 2000 characters" />);
    const field = screen.getByRole('textbox', { name: 'Special request' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const error = screen.getByText('At most 2000 characters');
    expect(error.id).not.toBe('');
    expect(described).toContain(error.id);
  });
});
