import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { addCatalogue, createI18n } from '../../i18n';
import { qaPart } from '../../i18n/qa';
import { localSource } from './catalogue';
import { SimulatePanel } from './SimulatePanel';

function renderPanel(machineId = 'checkout') {
  const i18n = createI18n();
  addCatalogue(i18n, qaPart);
  let active: ReadonlySet<string> = new Set();
  render(
    <I18nextProvider i18n={i18n}>
      <SimulatePanel source={localSource()} machineId={machineId} onActive={(a) => (active = a)} />
    </I18nextProvider>,
  );
  return { active: () => active, user: userEvent.setup() };
}

const state = () => screen.getByRole('status').textContent;
const contextLeaf = (key: string) =>
  within(screen.getByRole('list', { name: 'context' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(`${key}:`))?.textContent;

describe('SimulatePanel (Simulate)', () => {
  it('starts the checkout from its sample input, sends events and lights up the states', async () => {
    const { active, user } = renderPanel();
    const input = await screen.findByRole('textbox', { name: 'Input (JSON)' });
    await expect.poll(() => (input as HTMLTextAreaElement).value).toContain('"accommodation"');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'State: {"filling":"idle"} (active)',
    );
    expect([...active()]).toEqual(['checkout.filling', 'checkout.filling.idle']);
    expect(contextLeaf('agreed')).toBe('agreed: false');

    await user.click(screen.getByRole('button', { name: 'agreement.set' }));
    await expect.poll(() => contextLeaf('agreed')).toBe('agreed: true');
    // An empty form submitted: the actions that ran name the first wrong field.
    await user.click(screen.getByRole('button', { name: 'form.submit' }));
    const actions = await screen.findByRole('list', { name: 'Actions that ran' });
    expect(actions.textContent).toContain('focusFirstInvalid');
    expect(screen.getByText('Step 3 of 3: form.submit')).toBeTruthy();
  });

  it('starts a machine in a state picked from the list, with its sample input', async () => {
    const { active, user } = renderPanel('vehicleQuery');
    const input = await screen.findByRole('textbox', { name: 'Input (JSON)' });
    await expect.poll(() => (input as HTMLTextAreaElement).value).toContain('"pickupDate"');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start in' }), 'vehicleQuery.waiting');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'State: "waiting" (active)');
    expect([...active()]).toEqual(['vehicleQuery.waiting']);
    expect(screen.getByText('Step 1 of 1: start in vehicleQuery.waiting')).toBeTruthy();
    // The context the sample query gives; the state's poll timer is pending, as on entering it.
    expect(contextLeaf('polls')).toBe('polls: 0');
    await user.click(screen.getByRole('button', { name: /^▸ query/ }));
    expect(contextLeaf('pickupDate')).toBe('pickupDate: "2030-05-06"');
    await user.click(screen.getByRole('button', { name: /^Fire the next timer/ }));
    await expect.poll(state).toBe('State: "polling" (active)');
    expect(screen.getByRole('button', { name: 'Resolve queryResults' })).toBeTruthy();
  });

  it('says when a payload is not JSON, and sends an edited one', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByRole('status');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'field.change');
    const payload = screen.getByRole('textbox', { name: 'Payload (JSON)' }) as HTMLTextAreaElement;
    expect(JSON.parse(payload.value)).toEqual({ type: 'field.change', field: 'surname', value: 'Silva' });
    await user.clear(payload);
    await user.type(payload, '{{"field": "surname", "value": "Costa"');
    await user.click(screen.getByRole('button', { name: 'Send with this payload' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The payload is not valid JSON: /);
    expect(screen.getByText('Step 1 of 1: start')).toBeTruthy();

    await user.type(payload, '}');
    await user.click(screen.getByRole('button', { name: 'Send with this payload' }));
    await expect.poll(() => screen.queryByText('Step 2 of 2: field.change')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /^▸ fields/ }));
    expect(contextLeaf('surname')).toBe('surname: "Costa"');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back and forward through the history, and answers a waiting actor', async () => {
    const { user } = renderPanel('cardFrame');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('status')).textContent).toBe('State: "loadingForm" (active)');
    const waiting = screen.getByRole('button', { name: /^Reject / });
    await user.click(waiting);
    await expect.poll(state).not.toBe('State: "loadingForm" (active)');
    const after = state();
    expect(screen.getByText(/^Step 2 of 2: .* rejected$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await expect.poll(state).toBe('State: "loadingForm" (active)');
    expect(screen.getByRole('button', { name: /^Resolve / })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await expect.poll(state).toBe(after);
    expect(screen.getByRole('button', { name: 'Forward' })).toHaveProperty('disabled', true);
  });

  it('shows the context as a tree whose branches open from the keyboard', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByRole('status');
    const tree = screen.getByRole('list', { name: 'context' });
    const fields = within(tree).getByRole('button', { name: /^▸ fields/ });
    expect(fields.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByText('surname')).toBeNull();
    fields.focus();
    await user.keyboard('{Enter}');
    expect(fields.getAttribute('aria-expanded')).toBe('true');
    expect(within(tree).getByText('surname')).toBeTruthy();
    await user.keyboard(' ');
    expect(within(tree).queryByText('surname')).toBeNull();
  });

  it('says when the input is not JSON, and when the machine cannot start from it', async () => {
    const { user } = renderPanel();
    const input = await screen.findByRole('textbox', { name: 'Input (JSON)' });
    await expect.poll(() => (input as HTMLTextAreaElement).value).toContain('"accommodation"');
    await user.clear(input);
    await user.type(input, 'nope');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The input is not valid JSON/);
    await user.clear(input);
    await user.type(input, '{{}');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The machine stopped on an error: /);
  });
});
