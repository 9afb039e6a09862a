import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem } from './Menu';
import { RadioGroup } from './RadioGroup';
import { Switch } from './Switch';

describe('Switch', () => {
  it('is a switch named by its label, turned by a click and by the space bar', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    render(<Switch onChange={change}>Visible</Switch>);
    const toggle = screen.getByRole('switch', { name: 'Visible' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    expect(change).toHaveBeenLastCalledWith(true);
    await user.keyboard(' ');
    expect(change).toHaveBeenLastCalledWith(false);
  });
});

describe('RadioGroup', () => {
  function Scope({ error }: { error?: string }) {
    const [value, setValue] = useState('read');
    return (
      <RadioGroup
        label="Scope"
        options={[
          { id: 'read', label: 'Read', description: 'search and read' },
          { id: 'book', label: 'Book' },
        ]}
        value={value}
        onChange={setValue}
        description="What the key may do"
        errorMessage={error ?? null}
      />
    );
  }

  it('shows every choice, the chosen one checked, and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Scope />);
    const group = screen.getByRole('radiogroup', { name: 'Scope' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    const read = screen.getByRole('radio', { name: /^Read/ });
    expect(read).toHaveProperty('checked', true);
    await user.click(read);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Book' })).toHaveProperty('checked', true);
  });

  it('says its problem with the group', () => {
    render(<Scope error="Choose a scope" />);
    expect(screen.getByRole('radiogroup', { name: 'Scope' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a scope')).toBeTruthy();
  });
});

describe('Menu with an icon-only trigger', () => {
  it('shows the trigger’s name as a tooltip on keyboard focus, and still opens its menu', async () => {
    const user = userEvent.setup();
    const act = vi.fn();
    render(
      <Menu label="Actions of 1001" trigger="⋯" iconOnly>
        <MenuItem onAction={act}>Resend</MenuItem>
      </Menu>,
    );
    await user.tab();
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Actions of 1001'));
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Resend' }));
    expect(act).toHaveBeenCalledOnce();
  });
});
