import { type LiveActorReport, machineCatalogue } from '@tern/core/qa';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { addCatalogue, createI18n } from '../../i18n';
import { qaPart } from '../../i18n/qa';
import { LivePanel } from './LivePanel';
import { liveInspect } from './liveInspect';

// Two ends of the real `tern-machines` BroadcastChannel (Node's): the app's actors report through `liveInspect`,
// the visualizer's panel pings and lists them.
const signIn = machineCatalogue.find((e) => e.id === 'signIn')!.machine;
const running: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

function renderPanel() {
  const i18n = createI18n();
  addCatalogue(i18n, qaPart);
  const followed: LiveActorReport[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <LivePanel onFollow={(r) => followed.push(r)} />
    </I18nextProvider>,
  );
  return { followed, user: userEvent.setup() };
}

describe('Live: the app’s machines over the tern-machines channel', () => {
  it('lists a running machine at the first ping and follows its steps', async () => {
    const actor = createActor(signIn, { input: {}, inspect: liveInspect }).start();
    running.push(actor);
    const { followed, user } = renderPanel();
    const list = await screen.findByRole('list', { name: 'Live machines' }, { timeout: 5000 });
    const entry = within(list).getByRole('button', {
      name: /^signIn: "credentials" after xstate\.init \(tab /,
    });
    await user.click(entry);
    await expect.poll(() => followed.at(-1)?.active).toEqual(['signIn.credentials']);

    actor.send({ type: 'mode.forgot' });
    await expect.poll(() => followed.at(-1)?.event, { timeout: 5000 }).toBe('mode.forgot');
    expect(followed.at(-1)!.active).not.toContain('signIn.credentials');
    expect(followed.at(-1)!.machine).toBe('signIn');
    expect(
      within(list)
        .getByRole('button', { name: /^signIn: .* after mode\.forgot/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says so while no machine reports', async () => {
    renderPanel();
    expect(screen.getByText('No machine is reporting yet.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('list', { name: 'Live machines' })).toBeNull();
  });
});
