import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { Button } from './Button';
import { Drawer } from './Drawer';

function Opener({ width }: { width?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={createI18n()}>
      <Button onPress={() => setOpen(true)}>Open booking</Button>
      <Drawer
        title="Booking TRN-1"
        isOpen={open}
        onOpenChange={setOpen}
        side="end"
        {...(width ? { width } : {})}
      >
        {(close) => (
          <div>
            {Array.from({ length: 40 }, (_, i) => `Line ${i}`).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <Button variant="secondary" onPress={close}>
              Done
            </Button>
          </div>
        )}
      </Drawer>
    </I18nextProvider>
  );
}

describe('Drawer', () => {
  it('keeps its title and close button together in the header above the scrolling body', async () => {
    const user = userEvent.setup();
    render(<Opener width="560px" />);
    await user.click(screen.getByRole('button', { name: 'Open booking' }));
    const drawer = screen.getByRole('dialog', { name: 'Booking TRN-1' });
    const heading = within(drawer).getByRole('heading', { name: 'Booking TRN-1' });
    const close = within(drawer).getByRole('button', { name: 'Close' });
    const header = heading.closest('.drawer__header');
    expect(header).not.toBeNull();
    expect(header!.contains(close)).toBe(true);
    expect(header!.contains(within(drawer).getByText('Line 0'))).toBe(false);
    // The panel: the documents' width, from the end edge.
    const panel = drawer.closest('.drawer') as HTMLElement;
    expect(panel.classList.contains('drawer--panel')).toBe(true);
    expect(panel.classList.contains('drawer--end')).toBe(true);
    expect(panel.style.getPropertyValue('--drawer-width')).toBe('560px');

    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus goes back to the opener once the drawer has gone (react-aria restores it after unmounting).
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open booking' })),
    );
  });

  it('closes from its content and with Escape; without a width it is a narrow drawer', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open booking' }));
    const drawer = screen.getByRole('dialog', { name: 'Booking TRN-1' });
    expect((drawer.closest('.drawer') as HTMLElement).classList.contains('drawer--panel')).toBe(false);
    await user.click(within(drawer).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open booking' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
