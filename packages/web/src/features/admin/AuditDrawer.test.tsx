import type { AuditEntry } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, storedFor } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

// The admin's history of a user: each entry in words a person reads (core's `auditWords`), not
// internal action names, ids and raw JSON; the raw entry behind a disclosure.

const HEAVY = 60_000;
const jon = {
  id: '5b2c1a4e-0000-4000-8000-000000000001',
  type: 'user',
  email: 'jon@example.com',
  name: 'Jon',
  status: 'blocked',
  role: 'supplier',
  sendBookingNotificationEmail: false,
  ternHotels: [],
  agentId: null,
  agent: null,
  isChangeable: true,
  may: {
    identity: true,
    status: true,
    password: true,
    properties: true,
    removeProperties: true,
    refusal: null,
  },
};
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  type: 'audit',
  at: '2026-11-20T10:00:00.000Z',
  actorId: '5b2c1a4e-0000-4000-8000-0000000000aa',
  actorEmail: 'helga@tern.test',
  actorName: 'Helga',
  objectType: 'user',
  objectId: jon.id,
  action: 'block',
  changes: { status: { from: 'active', to: 'blocked' } },
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  ...over,
});

describe('the admin’s history drawer', () => {
  it(
    'says what happened in words, with the raw change behind a disclosure',
    async () => {
      const user = userEvent.setup();
      const audit = vi.fn(async () => ({
        items: [
          entry({}),
          entry({
            id: '2',
            action: 'sign_in_failed',
            actorId: null,
            actorEmail: null,
            actorName: null,
            changes: { reason: { from: null, to: 'invalid_credentials' } },
          }),
          entry({ id: '3', action: 'update_hotel_policy', changes: {} }),
        ],
        meta: { page: 1, limit: 100, total: 3 },
      }));
      const client = fakeClient(
        {},
        {
          'admin.listUsers': vi.fn(async () => ({
            items: [jon],
            meta: { page: 1, limit: 20, total: 1 },
          })) as never,
          'admin.audit': audit as never,
        },
      );
      renderApp({ path: '/admin', client, stored: storedFor(adminUser, Date.now() + 3_600_000) });
      await user.click(await screen.findByRole('button', { name: 'Actions for Jon' }));
      await user.click(await screen.findByRole('menuitem', { name: 'History' }));
      const drawer = await screen.findByRole('dialog', { name: 'History of Jon' });
      const entries = await within(drawer).findAllByRole('listitem');
      expect(within(drawer).getByText('Helga blocked Jon')).toBeTruthy();
      expect(within(drawer).getByText('status: active → blocked')).toBeTruthy();
      expect(within(drawer).getByText('A sign-in as Jon was refused')).toBeTruthy();
      expect(within(drawer).getByText('Helga did “update hotel policy” to Jon')).toBeTruthy();
      expect(within(drawer).getAllByText(/from 203\.0\.113\.7/)).toHaveLength(3);
      expect(entries.length).toBeGreaterThanOrEqual(3);
      // No internal names, ids or JSON in sight; the raw change opens on demand.
      // No internal names, ids or JSON in the words shown; the raw change is hidden until asked for.
      const shown = within(drawer)
        .getAllByRole('strong' as never)
        .map((s) => s.textContent);
      expect(shown.join(' ')).not.toMatch(/sign_in_failed|update_hotel_policy|[{}]/);
      const raw = within(drawer).getAllByRole('button', { name: 'Raw change' });
      expect(raw[0]!.getAttribute('aria-expanded')).toBe('false');
      const json = within(drawer).getAllByText(/"action": "block"/, { selector: 'pre' })[0]!;
      expect(json.textContent).toContain('"objectId": "5b2c1a4e-0000-4000-8000-000000000001"');
      expect(json.closest('[hidden]')).not.toBeNull();
      await user.click(raw[0]!);
      expect(raw[0]!.getAttribute('aria-expanded')).toBe('true');
      expect(json.closest('[hidden]')).toBeNull();
      expect(audit).toHaveBeenCalledWith(
        { query: { objectType: 'user', objectId: jon.id, limit: 100 } },
        expect.anything(),
      );
    },
    HEAVY,
  );
});
