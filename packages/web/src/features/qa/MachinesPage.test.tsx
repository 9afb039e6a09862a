import { machineCatalogue, stateNodesOf } from '@tern/core/qa';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { localSource } from './catalogue';
import { layoutMachine } from './layout';
import { MachinesPage } from './MachinesPage';
import { nextState } from './StateChart';

// The app's page asks a worker (`machines.worker.ts`); jsdom has none, so the same source runs here, with ELK.
const renderPage = () =>
  render(
    <I18nextProvider i18n={createI18n()}>
      <MachinesPage source={localSource()} />
    </I18nextProvider>,
  );

describe('MachinesPage (/qa/machines)', () => {
  it('lists every machine of the catalogue and draws the chosen one with ELK', async () => {
    renderPage();
    const list = await screen.findByRole('listbox', { name: 'Machines' }, { timeout: 5000 });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(machineCatalogue.length);
    for (const entry of machineCatalogue) {
      expect(within(list).getByRole('option', { name: new RegExp(`^${entry.name}`) })).toBeTruthy();
    }

    const user = userEvent.setup();
    await user.click(within(list).getByRole('option', { name: /^checkoutMachine/ }));
    const chart = await screen.findByRole(
      'group',
      { name: 'Statechart of checkoutMachine' },
      { timeout: 10_000 },
    );
    const checkout = machineCatalogue.find((e) => e.name === 'checkoutMachine')!.machine;
    const states = stateNodesOf(checkout);
    expect(states.length).toBeGreaterThan(1);
    for (const node of states) {
      expect(chart.querySelector(`[data-state="${node.id}"]`)).not.toBeNull();
    }
    // Transitions are drawn as arrows with their labels.
    expect(chart.querySelectorAll('[data-transition]').length).toBeGreaterThan(0);
  }, 20_000);

  it('finds machines by name', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Find a machine' }, { timeout: 5000 }),
      'sign',
    );
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    const expected = machineCatalogue.filter((e) => e.name.toLowerCase().includes('sign'));
    expect(names).toHaveLength(expected.length);
    expect(names.every((n) => /sign/i.test(n ?? ''))).toBe(true);
  });
});

describe('layoutMachine', () => {
  it('nests states inside their parent and moves between them with the arrow keys', async () => {
    const session = machineCatalogue.find((e) => e.name === 'sessionMachine')!.machine;
    const chart = await layoutMachine(session);
    const byId = new Map(chart.states.map((s) => [s.id, s]));
    for (const node of stateNodesOf(session)) {
      const box = byId.get(node.id)!;
      expect(box).toBeTruthy();
      const parent = node.parent && byId.get(node.parent.id);
      if (!parent) continue;
      expect(box.x).toBeGreaterThanOrEqual(parent.x);
      expect(box.y).toBeGreaterThanOrEqual(parent.y);
      expect(box.x + box.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(box.y + box.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    const top = chart.states.reduce((a, b) => (b.y < a.y ? b : a));
    const below = nextState(chart.states, top, 'ArrowDown');
    expect(below).not.toBeNull();
    expect(below!.y + below!.height / 2).toBeGreaterThan(top.y + top.height / 2);
    expect(nextState(chart.states, top, 'ArrowUp')).toBeNull();
  });
});
