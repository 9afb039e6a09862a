import { formDrawerInput } from '@tern/core/admin';
import { ValidationError } from '@tern/sdk';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { routed } from '../../test/routed';
import { useFormDrawer } from '../features/admin/useFormDrawer';
import { useFormFrame } from '../features/admin/useFormFrame';
import { addCatalogue, createI18n } from '../i18n';
import { framePart } from '../i18n/framePart';
import { Button } from './Button';
import { DateRangePicker } from './DateRangePicker';
import { Drawer } from './Drawer';
import { FormFrame } from './FormFrame';
import { NumberField } from './NumberField';
import { Select } from './Select';
import { TextField } from './TextField';

type Draft = { title: string; note: string };
const input = formDrawerInput<Draft>({
  values: { title: 'Harbour View', note: '' },
  validate: (values) => ({
    ...(values.title.trim() ? {} : { title: 'validation_messages.required' }),
    ...(values.note === 'x' ? { note: 'validation_messages.required' } : {}),
  }),
});

/** A form on the frame, as a settings page draws one: a title, Save, and a link to another page. */
function TitleForm({ save }: { save: (values: Draft) => Promise<Draft> }) {
  const form = useFormDrawer<Draft, Draft>(input, save, () => {});
  const { texts, frame } = useFormFrame(form, { title: 'Title', note: 'Note' });
  return (
    <FormFrame
      {...frame}
      notice={form.snapshot.matches('saved') ? 'Saved' : null}
      actions={<Button type="submit">Save</Button>}
    >
      <TextField
        label="Title"
        name="title"
        value={form.values.title}
        onChange={(title) => form.change({ title })}
        errorMessage={texts.field('title')}
      />
      <TextField
        label="Note"
        name="note"
        value={form.values.note}
        onChange={(note) => form.change({ note })}
        errorMessage={texts.field('note')}
      />
    </FormFrame>
  );
}

/**
 * Wrappers whose focusable control is not the one carrying the name (a select's button, a date's segments) and a
 * number field, each named as its problem is, with the summary open.
 */
function NamedFields() {
  const problems = [
    { field: 'nights', label: 'Nights', message: 'Required' },
    { field: 'meal', label: 'Meal', message: 'Required' },
    { field: 'validFrom', label: 'Valid', message: 'Required' },
  ];
  return (
    <FormFrame onSubmit={() => {}} busy={false} dirty={false} problems={problems} failure={null}>
      <NumberField label="Nights" name="nights" value={null} onChange={() => {}} errorMessage="Required" />
      <Select
        label="Meal"
        name="meal"
        options={[{ id: 'breakfast', label: 'Breakfast' }]}
        selectedKey={null}
        onSelectionChange={() => {}}
        errorMessage="Required"
      />
      <DateRangePicker
        label="Valid"
        startName="validFrom"
        endName="validTo"
        calendarLabel="Choose the days"
        value={null}
        onChange={() => {}}
        errorMessage="Required"
      />
    </FormFrame>
  );
}

function renderForm(save: (values: Draft) => Promise<Draft>, Form = () => <TitleForm save={save} />) {
  const { router, element } = routed(Form);
  const i18n = createI18n();
  addCatalogue(i18n, framePart);
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return router;
}

const title = () => screen.getByRole('textbox', { name: 'Title' });

describe('FormFrame', () => {
  it('shows a field error beside the field and in a focused summary whose link focuses the field', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (values: Draft) => values);
    renderForm(save);
    await user.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(save).not.toHaveBeenCalled();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('The changes are not saved');
    expect(summary.textContent).toContain('Title: Required');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('button', { name: 'Title' }));
    expect(document.activeElement).toBe(title());
  });

  it('links each field by its name, through the wrappers that pass it on', async () => {
    const user = userEvent.setup();
    renderForm(async (values) => values, NamedFields);
    const summary = await screen.findByRole('alert');
    await user.click(within(summary).getByRole('button', { name: 'Nights' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nights' }));
    await user.click(within(summary).getByRole('button', { name: 'Meal' }));
    expect(document.activeElement?.closest('.select')?.textContent).toContain('Meal');
    expect(document.activeElement?.tagName).toBe('BUTTON');
    await user.click(within(summary).getByRole('button', { name: 'Valid' }));
    expect(document.activeElement?.getAttribute('role')).toBe('spinbutton');
    expect(document.activeElement?.closest('.date-range')?.textContent).toContain('Valid');
  });

  it('links no control for a problem whose field has no such name', async () => {
    const user = userEvent.setup();
    renderForm(async (values) => values);
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('alert');
    await user.click(within(summary).getByRole('button', { name: 'Note' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
    document.querySelector('[name="note"]')?.removeAttribute('name');
    summary.focus();
    await user.click(within(summary).getByRole('button', { name: 'Note' }));
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'Note' }));
  });

  it('dismisses the summary until the next submit, keeping the error beside the field', async () => {
    const user = userEvent.setup();
    renderForm(async (values) => values);
    await user.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows a refused save by its field, and a save that goes through clears it', async () => {
    const user = userEvent.setup();
    const save = vi
      .fn<(values: Draft) => Promise<Draft>>()
      .mockRejectedValueOnce(
        new ValidationError({
          status: 422,
          message: 'The request is invalid',
          code: 'validation_failed',
          fields: [{ field: 'title', message: 'This title is taken' }],
        }),
      )
      .mockImplementation(async (values) => values);
    renderForm(save);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' Inn');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Title: This title is taken');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(title().getAttribute('aria-invalid')).toBe('true');

    await user.type(title(), 's');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith({ title: 'Harbour View Inns', note: '' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(title().getAttribute('aria-invalid')).toBeNull();
  });
});

describe('useLeaveGuard (through the frame)', () => {
  it('asks before leaving with unsaved edits: Stay keeps the page and the edits, Leave goes', async () => {
    const user = userEvent.setup();
    const router = renderForm(async (values) => values);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' Inn');
    await user.click(screen.getByRole('link', { name: 'Other page' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect((title() as HTMLInputElement).value).toBe('Harbour View Inn');

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('lets an unchanged form go without asking', async () => {
    const user = userEvent.setup();
    const router = renderForm(async (values) => values);
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** The form in a drawer beside a list, as the booking drawer's editors are. */
function DrawerForm() {
  const [open, setOpen] = useState(true);
  return open ? (
    <Drawer title="Booking TRN-1" isOpen onOpenChange={setOpen} side="end" width="560px">
      <TitleForm save={async (values) => values} />
    </Drawer>
  ) : (
    <p>Drawer closed</p>
  );
}

describe('the frame in a drawer', () => {
  it('asks before the drawer closes with unsaved edits: Stay keeps them, Leave closes it', async () => {
    const user = userEvent.setup();
    renderForm(async (values) => values, DrawerForm);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' Inn');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((title() as HTMLInputElement).value).toBe('Harbour View Inn');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Drawer closed')).toBeTruthy();
  });

  it('closes at once when nothing was changed', async () => {
    const user = userEvent.setup();
    renderForm(async (values) => values, DrawerForm);
    await screen.findByRole('textbox', { name: 'Title' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Drawer closed')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
