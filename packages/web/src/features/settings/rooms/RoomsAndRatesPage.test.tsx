import { emptyRatePlanForm } from '@tern/core/rates';
import { ConflictError, type RatePlan, type Unit } from '@tern/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../../test/renderApp';

/** The drawers are large forms: typed into key by key, they take seconds in jsdom on a busy machine. */
const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const list = <T,>(items: T[]) => ({ items, meta: { page: 1, limit: 100, total: items.length } });

const unit = (id: string, title: string, over: Partial<Unit> = {}): Unit => ({
  id,
  type: 'unit',
  propertyId: 'p-1',
  title,
  roomKind: 'room',
  countOfRooms: 4,
  occAdults: 3,
  occChildren: 1,
  occInfants: 1,
  defaultOccupancy: 2,
  content: { description: 'Sea view', photos: [] },
  facilities: [],
  ratePlans: 1,
  ...over,
});

const plan = (id: string, title: string, unitId: string): RatePlan => {
  const form = emptyRatePlanForm({ id: unitId, maxOccupancy: 3 }, 'EUR');
  return {
    ...form,
    id,
    type: 'ratePlan',
    propertyId: 'p-1',
    title,
    options: form.options.map((o) => ({ ...o, rate: 120 })),
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
};

const choices = {
  mealTypes: [],
  sellModes: ['per_room', 'per_person'],
  rateModes: ['manual', 'derived', 'auto'],
  modifierTypes: [],
  currencies: ['EUR'],
  cancellationPolicies: [{ id: 'cp-1', title: 'Flexible until 2 days' }],
  parents: [{ id: 'r-1', title: 'Standard', unitId: 'u-1' }],
};

function open(handlers: CallHandlers = {}) {
  const units = [unit('u-1', 'Double'), unit('u-2', 'Dorm', { roomKind: 'dorm', ratePlans: 0 })];
  const client = fakeClient(
    {},
    {
      'roomsAndRates.listUnits': vi.fn(async () => list(units)) as never,
      'roomsAndRates.listRatePlans': vi.fn(async ({ query }: { query: { roomTypeId: string } }) =>
        list(query.roomTypeId === 'u-1' ? [plan('r-1', 'Standard', 'u-1')] : []),
      ) as never,
      'roomsAndRates.roomFacilityOptions': vi.fn(async () => ({
        categories: [{ code: 'bath', label: 'Bathroom', facilities: [{ code: 'shower', label: 'Shower' }] }],
      })) as never,
      'roomsAndRates.ratePlanOptions': vi.fn(async () => choices) as never,
      ...handlers,
    },
  );
  return renderApp({ path: '/settings/rooms-and-rates', client, stored: storedFor(supplierUser, later()) });
}

const table = () => screen.findByRole('grid', { name: 'Room types and rate plans' });

describe('rooms and rates page', () => {
  it(
    'lists the units and opens a unit’s row on its rate plans',
    async () => {
      const user = userEvent.setup();
      const app = open();
      const grid = await table();
      await within(grid).findByRole('row', { name: 'Double' });
      expect(within(grid).getByRole('row', { name: 'Dorm' })).toBeTruthy();
      // Each count in its own plural: never "1 children, 1 infants".
      expect(within(grid).getByRole('row', { name: 'Double' }).textContent).toContain(
        '3 adults, 1 child, 1 infant',
      );
      const toggle = within(grid).getByRole('button', { name: 'Rate plans of Double' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.click(toggle);
      const row = await within(grid).findByRole('row', { name: 'Standard, rate plan of Double' });
      expect(row.textContent).toContain('Per room');
      expect(row.textContent).toMatch(/EUR\s120\.00/);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await user.click(within(grid).getByRole('button', { name: 'Rate plans of Dorm' }));
      expect(await within(grid).findByText('Dorm has no rate plans yet')).toBeTruthy();
      expect(app.client.call).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'roomsAndRates.listRatePlans' }),
        { query: { propertyId: 'p-1', roomTypeId: 'u-1', page: 1, limit: 100 } },
        expect.anything(),
      );
      await user.click(toggle);
      await waitFor(() =>
        expect(within(grid).queryByRole('row', { name: 'Standard, rate plan of Double' })).toBeNull(),
      );
    },
    HEAVY,
  );

  it(
    'adds a unit: core’s rules first, then the body the contract takes, and its saved message',
    async () => {
      const user = userEvent.setup();
      const createUnit = vi.fn(async ({ body }: { body: { title: string } }) => unit('u-3', body.title));
      open({ 'roomsAndRates.createUnit': createUnit as never });
      await table();
      await user.click(screen.getByRole('button', { name: 'Add room type' }));
      const drawer = await screen.findByRole('dialog', { name: 'New room type' });
      await user.clear(within(drawer).getByRole('textbox', { name: /Adults/ }));
      await user.click(within(drawer).getByRole('button', { name: 'Create' }));
      expect(within(drawer).getByRole('textbox', { name: /Title/ }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(within(drawer).getAllByText('Required').length).toBe(2);
      expect(createUnit).not.toHaveBeenCalled();
      await user.type(within(drawer).getByRole('textbox', { name: /Title/ }), 'Family room');
      await user.type(within(drawer).getByRole('textbox', { name: /Adults/ }), '4');
      await user.click(within(drawer).getByRole('tab', { name: 'Content' }));
      await user.type(within(drawer).getByRole('textbox', { name: 'Description' }), 'Two bedrooms');
      await user.click(await within(drawer).findByRole('checkbox', { name: 'Shower' }));
      await user.click(within(drawer).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(createUnit).toHaveBeenCalledTimes(1));
      expect(createUnit.mock.calls[0]![0].body).toEqual({
        propertyId: 'p-1',
        title: 'Family room',
        roomKind: 'room',
        countOfRooms: 1,
        occAdults: 4,
        occChildren: 0,
        occInfants: 0,
        defaultOccupancy: null,
        content: { description: 'Two bedrooms' },
        facilities: ['shower'],
      });
      expect(await screen.findByText('The room type Family room was added')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New room type' })).toBeNull());
    },
    HEAVY,
  );

  it(
    'tells why a unit with bookings is not deleted, in the words of the server’s code',
    async () => {
      const user = userEvent.setup();
      const deleteUnit = vi.fn(async () => {
        throw new ConflictError({
          status: 409,
          message: 'Conflict',
          code: 'unit_has_future_bookings',
          params: { count: 2 },
          body: { message: 'server words', code: 'unit_has_future_bookings' },
        });
      });
      open({ 'roomsAndRates.deleteUnit': deleteUnit as never });
      const grid = await table();
      await user.click(await within(grid).findByRole('button', { name: 'Delete Double' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete the room type Double?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deleteUnit).toHaveBeenCalledTimes(1));
      expect(deleteUnit.mock.calls[0]).toEqual([
        { params: { roomTypeId: 'u-1' }, query: { propertyId: 'p-1' } },
        undefined,
      ]);
      expect(await screen.findByText('The room type Double was not deleted')).toBeTruthy();
      expect(
        screen.getByText(/This room type has 2 booked room\(s\) for coming nights/, { exact: false }),
      ).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'makes a per-person plan derived from its primary and saves what the machine built',
    async () => {
      const user = userEvent.setup();
      const createRatePlan = vi.fn(async ({ body }: { body: { title: string } }) => ({
        ...plan('r-2', body.title, 'u-1'),
      }));
      open({ 'roomsAndRates.createRatePlan': createRatePlan as never });
      const grid = await table();
      await user.click(await within(grid).findByRole('button', { name: 'Add rate plan to Double' }));
      const drawer = await screen.findByRole('dialog', { name: 'New rate plan for Double' });
      await user.type(await within(drawer).findByRole('textbox', { name: /Title/ }), 'Per person');
      await user.click(within(drawer).getByRole('button', { name: /Sell mode/ }));
      await user.click(await screen.findByRole('option', { name: 'Per person' }));
      // From the maximum (3 adults) down to 1, the primary the maximum.
      const options = within(drawer).getByRole('list', { name: 'Price per occupancy' });
      expect(
        within(options)
          .getAllByRole('listitem')
          .map((li) => li.firstChild?.textContent),
      ).toEqual(['For 3 persons (primary)', 'For 2 persons', 'For 1 person']);
      await user.click(within(drawer).getByRole('button', { name: /Rate mode/ }));
      await user.click(await screen.findByRole('option', { name: 'Derived' }));
      await user.type(within(drawer).getByRole('textbox', { name: /Rate for 3 persons/ }), '150');
      await user.click(within(drawer).getByRole('button', { name: 'Add a step for 1 person' }));
      await user.click(within(drawer).getByRole('button', { name: /Step 1 for 1 person/ }));
      await user.click(await screen.findByRole('option', { name: 'Decrease by percent' }));
      const value = within(drawer).getByRole('textbox', { name: /Value of step 1 for 1 person/ });
      await user.clear(value);
      await user.type(value, '120');
      await user.click(within(drawer).getByRole('button', { name: 'Create' }));
      // Core's rule: a percent decrease is at most 100: beside the steps and in the summary, linked to them.
      const summary = await within(drawer).findByRole('alert');
      expect(summary.textContent).toContain('For 1 person: ');
      expect(createRatePlan).not.toHaveBeenCalled();
      await user.click(within(summary).getByRole('button', { name: 'For 1 person' }));
      expect(document.activeElement).toBe(
        within(drawer).getByRole('button', { name: /Step 1 for 1 person/ }),
      );
      await user.clear(value);
      await user.type(value, '20');
      await user.click(within(drawer).getByRole('checkbox', { name: 'Stop sell, Sunday' }));
      await user.click(within(drawer).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(createRatePlan).toHaveBeenCalledTimes(1));
      expect(createRatePlan.mock.calls[0]![0].body).toMatchObject({
        propertyId: 'p-1',
        unitId: 'u-1',
        title: 'Per person',
        currency: 'EUR',
        sellMode: 'per_person',
        rateMode: 'derived',
        primaryOccupancy: 3,
        mealType: 'room_only',
        stopSell: [false, false, false, false, false, false, true],
        options: [
          { occupancy: 3, rate: 150, isPrimary: true, derivedOption: { rate: [] } },
          { occupancy: 2, rate: null, isPrimary: false, derivedOption: { rate: [] } },
          {
            occupancy: 1,
            rate: null,
            isPrimary: false,
            derivedOption: { rate: [['decrease_by_percent', 20]] },
          },
        ],
      });
      expect(await screen.findByText('The rate plan Per person was added')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'edits a plan with its saved values and keeps a refusal until tried again',
    async () => {
      const user = userEvent.setup();
      let calls = 0;
      const updateRatePlan = vi.fn(async ({ body }: { body: { title: string } }) => {
        calls += 1;
        if (calls === 1)
          throw new ConflictError({
            status: 400,
            message: 'Bad',
            code: 'occupancy_over_unit',
            params: { max: 2 },
            body: { message: 'server words', code: 'occupancy_over_unit' },
          });
        return plan('r-1', body.title, 'u-1');
      });
      open({ 'roomsAndRates.updateRatePlan': updateRatePlan as never });
      const grid = await table();
      await user.click(await within(grid).findByRole('button', { name: 'Rate plans of Double' }));
      await user.click(await within(grid).findByRole('button', { name: 'Edit Standard' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit Standard' });
      const title = await within(drawer).findByRole('textbox', { name: /Title/ });
      expect((title as HTMLInputElement).value).toBe('Standard');
      expect((within(drawer).getByRole('textbox', { name: /Rate per room/ }) as HTMLInputElement).value).toBe(
        '120',
      );
      await user.type(title, ' rate');
      await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
      // The refusal in the form's summary (focused); the bar's button sends the same plan again.
      const summary = await within(drawer).findByRole('alert');
      expect(summary.textContent).toContain('The room type takes at most 2 adults.');
      await waitFor(() => expect(document.activeElement).toBe(summary));
      await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(updateRatePlan).toHaveBeenCalledTimes(2));
      expect(updateRatePlan.mock.calls[1]![0]).toMatchObject({
        params: { ratePlanId: 'r-1' },
        body: { title: 'Standard rate', propertyId: 'p-1' },
      });
      expect(await screen.findByText('Changes to the rate plan Standard rate are saved')).toBeTruthy();
      expect(within(drawer).queryByRole('alert')).toBeNull();
    },
    HEAVY,
  );

  it(
    'edits a unit’s photos on the Content tab through the photos machine and saves them as the unit’s',
    async () => {
      const user = userEvent.setup();
      const saved = {
        url: '/photos/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg',
        description: 'The bed',
        kind: 'photo' as const,
        author: '',
        isRemoved: false,
        position: 0,
        propertyId: 'p-1',
        roomTypeId: 'u-1',
      };
      const fresh = '/photos/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png';
      const unitPhotos = vi.fn(async (_: { params: { roomTypeId: string } }) => ({
        photos: [saved],
        logoUrl: null,
        maxPhotos: 100,
      }));
      const upload = vi.fn(async (_: { body: { propertyId: string } }) => ({
        publicUrl: fresh,
        contentType: 'image/png',
        width: 600,
        height: 400,
        widths: [575, 600],
      }));
      const saveUnitPhotos = vi.fn(async ({ body }: { body: { photos: { url: string }[] } }) => ({
        photos: body.photos.map((p, i) => ({ ...saved, ...p, position: i })),
        logoUrl: null,
        maxPhotos: 100,
      }));
      const propertySave = vi.fn();
      open({
        'roomsAndRates.unitPhotos': unitPhotos as never,
        'roomsAndRates.saveUnitPhotos': saveUnitPhotos as never,
        'photos.upload': upload as never,
        'photos.save': propertySave as never,
      });
      const grid = await table();
      await user.click(await within(grid).findByRole('button', { name: 'Edit Double' }));
      const drawer = await screen.findByRole('dialog', { name: 'Edit Double' });
      await user.click(within(drawer).getByRole('tab', { name: 'Content' }));
      const photos = await within(drawer).findByRole('grid', { name: 'Photos, in the order shown' });
      expect(unitPhotos.mock.calls[0]![0]).toEqual({ params: { roomTypeId: 'u-1' } });
      expect((within(photos).getByRole('textbox', { name: /Description/ }) as HTMLInputElement).value).toBe(
        'The bed',
      );
      const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(
        input,
        new File([new Uint8Array([137, 80, 78, 71])], 'bath.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(within(photos).getAllByRole('row')).toHaveLength(2));
      expect(upload.mock.calls[0]![0]).toMatchObject({ body: { propertyId: 'p-1' } });
      // An undescribed new photo is not sent.
      await user.click(within(drawer).getByRole('button', { name: 'Save photos' }));
      expect(await within(drawer).findByText('Required')).toBeTruthy();
      expect(saveUnitPhotos).not.toHaveBeenCalled();
      const descriptions = within(photos).getAllByRole('textbox', { name: /Description/ });
      await user.type(descriptions[1]!, 'The bath');
      await user.click(within(drawer).getByRole('button', { name: 'Save photos' }));
      await waitFor(() => expect(saveUnitPhotos).toHaveBeenCalledTimes(1));
      expect(saveUnitPhotos.mock.calls[0]![0]).toEqual({
        params: { roomTypeId: 'u-1' },
        body: {
          photos: [
            { url: saved.url, description: 'The bed', kind: 'photo', author: '', isRemoved: false },
            { url: fresh, description: 'The bath', kind: 'ad', author: '', isRemoved: false },
          ],
        },
      });
      expect(propertySave).not.toHaveBeenCalled();
      expect(await screen.findByText(/The room type’s photos are saved/)).toBeTruthy();
    },
    HEAVY,
  );
});
