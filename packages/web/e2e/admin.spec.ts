import { type Browser, expect, type Page } from '@playwright/test';
import { apiToken, propertyId } from './booking';
import { test } from './fixtures';
import { demo, signIn } from './helpers';

// The admin page and the managers' tab (document 2 §2–§6), as the people who use them: the admin adds a user,
// blocks and unblocks them (who is then kept out, then let in), adds a reseller and lifts a lock; a manager
// manages their property's users; staff and suppliers are refused.

async function desk(browser: Browser, login: string, lands = /\/bookings/): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, login.includes('@') ? login : demo(login));
  await expect(page).toHaveURL(lands);
  return page;
}

async function openAdmin(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
}

test('the admin adds a user, blocks them (kept out at once), unblocks them, and reads the history', async ({
  browser,
}) => {
  // Three people, two sign-ins each: more than a minute on a busy machine.
  test.slow();
  const admin = await desk(browser, 'admin');
  await openAdmin(admin);
  await expect(admin.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  await expect(admin.getByRole('grid', { name: 'Users' })).toBeVisible();

  const email = `night.porter.${Date.now()}@example.com`;
  await admin.getByRole('button', { name: 'Add user' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Add user' });
  await drawer.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Night Porter');
  await drawer.getByLabel('Password', { exact: true }).fill('porter-1');
  await drawer.getByLabel('Confirm password', { exact: true }).fill('porter-2');
  await drawer.getByRole('combobox', { name: 'Property 1' }).fill('Harbour');
  await admin.getByRole('option', { name: 'Harbour View Hotel' }).click();
  await drawer.getByRole('button', { name: 'Add user' }).click();
  await expect(drawer.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription(
    /The passwords do not match/,
  );
  await expect(drawer.getByRole('alert')).toContainText('The passwords do not match');
  await drawer.getByLabel('Confirm password', { exact: true }).fill('porter-1');
  await drawer.getByRole('button', { name: 'Add user' }).click();
  await expect(admin.getByText('Night Porter was added')).toBeVisible();
  await expect(drawer).toHaveCount(0);

  await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = admin.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Harbour View Hotel');
  await row.getByRole('button', { name: 'Actions for Night Porter' }).click();
  await admin.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Block Night Porter?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(admin.getByText('Night Porter is blocked')).toBeVisible();
  // "Only active" is on: the blocked user leaves the list until it is unticked.
  await expect(row).toHaveCount(0);
  // react-aria's checkbox input is visually hidden: a person clicks its label.
  await admin.getByText('Only active', { exact: true }).click();
  await expect(admin.getByRole('checkbox', { name: 'Only active' })).not.toBeChecked();
  await expect(row).toContainText('Blocked');

  const porter = await (await browser.newContext()).newPage();
  await porter.goto('/login');
  await signIn(porter, email, 'porter-1');
  await expect(porter.getByText('This account is blocked')).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Night Porter' }).click();
  await admin.getByRole('menuitem', { name: 'Unblock' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Unblock Night Porter?' })
    .getByRole('button', { name: 'Unblock' })
    .click();
  await expect(admin.getByText('Night Porter is unblocked')).toBeVisible();
  await porter.getByRole('button', { name: 'Sign in' }).click();
  // The admin chose the password: it works once, so the change-password page comes first.
  await expect(porter).toHaveURL(/\/changePassword$/);

  await row.getByRole('button', { name: 'Actions for Night Porter' }).click();
  await admin.getByRole('menuitem', { name: 'History' }).click();
  const history = admin.getByRole('dialog', { name: 'History of Night Porter' });
  // In words a person reads (core's auditWords): who did what to whom, the admin named by name; no action names.
  await expect(history.getByText(/ unblocked Night Porter$/)).toBeVisible();
  await expect(history.getByText(/ blocked Night Porter$/)).toBeVisible();
  await expect(history.getByText(/ created Night Porter$/)).toBeVisible();
  await expect(history.getByText('status: active → blocked')).toBeVisible();
  await expect(history).not.toContainText('porter-1');
});

test('the admin adds a reseller and turns a property’s lock override on and off', async ({ browser }) => {
  const admin = await desk(browser, 'admin');
  await openAdmin(admin);
  await admin.getByRole('tab', { name: 'Resellers' }).click();
  await admin.getByRole('button', { name: 'Add reseller' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Add reseller' });
  const name = `Fjord Travel ${Date.now()}`;
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByRole('textbox', { name: 'E-mail', exact: true }).fill('desk@fjord.example');
  await drawer.getByRole('textbox', { name: 'Phone' }).fill('call us');
  await drawer.getByRole('textbox', { name: 'Country' }).fill('NO');
  await drawer.getByRole('textbox', { name: 'External id' }).fill('FJ-42');
  await drawer.getByRole('button', { name: 'Add reseller' }).click();
  // Beside the field, and in the form's summary.
  await expect(drawer.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(/Use digits only/);
  await expect(drawer.getByRole('alert')).toContainText('Use digits only');
  await drawer.getByRole('textbox', { name: 'Phone' }).fill('+47 22 00 00 00');
  await drawer.getByRole('button', { name: 'Add reseller' }).click();
  await expect(admin.getByText(`${name} was added`)).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search resellers' }).fill(name);
  await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('FJ-42');

  await admin.getByRole('tab', { name: 'Properties' }).click();
  await admin.getByRole('searchbox', { name: 'Search properties' }).fill('Casa do Alfama');
  const row = admin.getByRole('row', { name: /Casa do Alfama/ }).first();
  await row.getByRole('button', { name: /^Actions for Casa do Alfama/ }).click();
  await admin.getByRole('menuitem', { name: 'Enable lock override' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Enable lock override' }).click();
  await expect(row).toContainText('Override on');
  await row.getByRole('button', { name: /^Actions for Casa do Alfama/ }).click();
  await admin.getByRole('menuitem', { name: 'Disable lock override' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Disable lock override' }).click();
  await expect(row).not.toContainText('Override on');
});

test('a manager manages their property’s users; staff and suppliers are refused', async ({ browser }) => {
  const hotelier = await desk(browser, 'hotelier');
  await hotelier.goto('/settings/admin');
  await expect(hotelier.getByRole('heading', { name: 'Users of this property', level: 1 })).toBeVisible();
  await expect(hotelier.getByRole('row', { name: new RegExp(demo('staff')) })).toBeVisible();

  const staff = await desk(browser, 'staff');
  await staff.goto('/settings/admin');
  await expect(
    staff.getByRole('heading', { name: 'Only a manager of this property manages its users' }),
  ).toBeVisible();
  await expect(staff.getByRole('grid')).toHaveCount(0);

  // The admin page is the admin's: a supplier is not shown it, and is sent away from its URL.
  await hotelier.getByRole('button', { name: /^Account menu for / }).click();
  await expect(hotelier.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await hotelier.keyboard.press('Escape');
  await hotelier.goto('/admin');
  await expect(hotelier.getByRole('heading', { name: 'Admin', level: 1 })).toHaveCount(0);
});

test('an agent makes an API key (a read key for 30 days), sees it whole once, a backend reads but cannot book with it, and disabling it stops it', async ({
  browser,
  request,
}) => {
  const agent = await desk(browser, 'agent');
  await agent.getByRole('button', { name: /^Account menu for / }).click();
  await agent.getByRole('menu').getByRole('menuitem', { name: 'API keys' }).click();
  await expect(agent).toHaveURL(/\/api_keys$/);
  await expect(agent.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  await agent.getByRole('button', { name: 'Create API key' }).click();
  const drawer = agent.getByRole('dialog', { name: 'Create API key' });
  await drawer.getByRole('button', { name: 'Create API key' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Required/);
  await expect(drawer.getByRole('alert')).toContainText('Required');
  const name = `Backend ${Date.now()}`;
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  // A key starts as a read key that does not expire: the agent gives it 30 days.
  await expect(
    drawer.getByRole('radiogroup', { name: 'Scope' }).getByRole('radio', { name: /^Read: search/ }),
  ).toBeChecked();
  await drawer.getByRole('button', { name: /Expiry/ }).click();
  await agent.getByRole('option', { name: '30 days' }).click();
  await expect(drawer.getByText(/^The key works until the end of \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
  await drawer.getByRole('button', { name: 'Create API key' }).click();
  await expect(agent.getByText(`Copy the key ${name} now`)).toBeVisible();
  const token = (await agent
    .getByText(/^tern_[\w-]+$/)
    .first()
    .textContent())!;
  expect(token).toMatch(/^tern_/);

  const call = () =>
    request.get('/api/v2/resellers/bookings', {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  expect((await call()).status()).toBe(200);
  // A read key cannot book, change or cancel (the server's one check, before the body is read).
  const cancel = await request.put('/api/v2/resellers/accommodations/cancel_booking', {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    data: {},
  });
  expect(cancel.status()).toBe(403);
  expect((await cancel.json()).code).toBe('api_key_read_only');

  // Reloaded, the key shows masked: 10 bullets and its last 6 characters.
  await agent.reload();
  const row = agent.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`Key ending in ${token.slice(-6)}`);
  await expect(row.getByRole('gridcell', { name: 'Read', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'Active', exact: true })).toBeVisible();
  // Used once, and given an expiry: neither column says never.
  await expect(row.getByRole('gridcell', { name: 'Never', exact: true })).toHaveCount(0);
  await expect(agent.getByText(token)).toHaveCount(0);
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await agent
    .getByRole('alertdialog', { name: `Disable the API key ${name}?` })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await call()).status()).toBe(401);
});

test('a hotelier makes promo codes: labels in their colours, the pager always shown, a duplicate refused as is', async ({
  browser,
}) => {
  const hotelier = await desk(browser, 'hotelier');
  await hotelier.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promo codes' }).click();
  await expect(hotelier).toHaveURL(/\/promocodes$/);
  await expect(hotelier.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  await expect(hotelier.getByRole('navigation', { name: 'Pages of promo codes' })).toBeVisible();

  const code = `WINTER${Date.now() % 100000}`;
  await hotelier.getByRole('button', { name: 'Create promo code' }).click();
  const drawer = hotelier.getByRole('dialog', { name: 'Create promo code' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill('W');
  await drawer.getByRole('textbox', { name: 'Code' }).fill(code);
  await drawer.getByRole('button', { name: 'Create promo code' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
    /Use 2 to 50 characters/,
  );
  await expect(drawer.getByRole('alert')).toContainText('Use 2 to 50 characters');
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Winter sale');
  await drawer.getByRole('button', { name: 'Create promo code' }).click();
  await expect(hotelier.getByText('Winter sale was created')).toBeVisible();
  await hotelier.getByRole('searchbox', { name: 'Search promo codes' }).fill(code);
  const row = hotelier.getByRole('row', { name: /Winter sale/ });
  // New codes are inactive (document 2 §3): red.
  await expect(row.getByText('Inactive')).toHaveClass(/promo-tag--red/);

  await row.getByRole('button', { name: 'Edit Winter sale' }).click();
  const edit = hotelier.getByRole('dialog', { name: 'Edit promo code' });
  await edit.getByText('Active', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(row.getByText('Active', { exact: true })).toHaveClass(/promo-tag--green/);

  await hotelier.getByRole('button', { name: 'Create promo code' }).click();
  const again = hotelier.getByRole('dialog', { name: 'Create promo code' });
  await again.getByRole('textbox', { name: 'Name' }).fill('Winter again');
  await again.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await again.getByRole('button', { name: 'Create promo code' }).click();
  await expect(again.getByText('A promo code with the same code already exists')).toBeVisible();
});

test('a hotelier adds payment providers, keeps one default, deletes another, and connects Stripe', async ({
  browser,
}) => {
  const hotelier = await desk(browser, 'hotelier2');
  await hotelier.goto('/settings/payment-providers');
  await expect(hotelier.getByRole('heading', { name: 'Payment providers', level: 1 })).toBeVisible();

  const add = async (name: string, fields: Record<string, string>) => {
    await hotelier.getByRole('button', { name: 'Add payment provider' }).click();
    const drawer = hotelier.getByRole('dialog', { name: 'Add payment provider' });
    await drawer.getByRole('button', { name: /Provider/ }).click();
    await hotelier.getByRole('option', { name }).click();
    for (const [label, value] of Object.entries(fields))
      await drawer.getByLabel(label, { exact: true }).fill(value);
    return drawer;
  };
  const borgun = await add('Borgun', { 'Merchant id': 'M-1', 'Payment gateway id': 'G-1' });
  await borgun.getByRole('button', { name: 'Save changes' }).click();
  // Beside the field, and in the form's summary.
  await expect(borgun.getByLabel('Secret key', { exact: true })).toHaveAccessibleDescription(/Required/);
  await expect(borgun.getByRole('alert')).toContainText('Secret key: Required');
  await borgun.getByLabel('Secret key', { exact: true }).fill('borgun-secret-4321');
  await borgun.getByRole('button', { name: 'Save changes' }).click();
  await expect(hotelier.getByText('Payment Provider is successfully created.')).toBeVisible();
  const borgunRow = hotelier.getByRole('row', { name: /Borgun/ });
  await expect(borgunRow.getByText('The default provider')).toBeVisible();
  // The default has no delete.
  await expect(borgunRow.getByRole('button', { name: 'Delete Borgun' })).toHaveCount(0);

  const nets = await add('Nets', {
    'Secret key': 'nets-secret',
    'Checkout key': 'ck-1',
    'Merchant id': 'M-2',
  });
  await nets.getByText('Make this the default provider').click();
  await nets.getByRole('button', { name: 'Save changes' }).click();
  await expect(hotelier.getByRole('row', { name: /Nets/ }).getByText('The default provider')).toBeVisible();
  await borgunRow.getByRole('button', { name: 'Edit Borgun' }).click();
  const edit = hotelier.getByRole('dialog', { name: 'Edit payment provider' });
  await expect(edit.getByText('Stored: ••••••••4321. Leave empty to keep it.')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await borgunRow.getByRole('button', { name: 'Delete Borgun' }).click();
  await hotelier
    .getByRole('alertdialog', { name: 'Delete the Borgun provider?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(hotelier.getByText('Payment Provider successfully deleted')).toBeVisible();
  await expect(borgunRow).toHaveCount(0);

  const stripe = await add('Stripe', {});
  await stripe.getByRole('button', { name: 'Continue to Stripe' }).click();
  await expect(hotelier.getByRole('heading', { name: /^Connect .* to Stripe$/ })).toBeVisible();
  await hotelier.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(hotelier.getByRole('heading', { name: 'Stripe is connected' })).toBeVisible();
  await hotelier.goto('/settings/payment-providers');
  const stripeRow = hotelier.getByRole('row', { name: /Stripe/ });
  await expect(stripeRow.getByRole('button', { name: 'Edit Stripe' })).toBeVisible();
  await expect(stripeRow.getByRole('button', { name: /Connect|Delete/ })).toHaveCount(0);
});

test('a hotelier edits the property details in settings, and an agent sees them at once', async ({
  browser,
  request,
}) => {
  const hotel = 'Hotel Norðurljós & Spa';
  const hotelier = await desk(browser, 'hotelier');
  await hotelier.goto('/settings/nonsense');
  await expect(hotelier).toHaveURL(/\/settings\/property-details$/);
  await hotelier
    .getByRole('banner')
    .getByRole('button', { name: /Property/ })
    .click();
  await hotelier.getByRole('option', { name: hotel }).click();
  const menu = hotelier.getByRole('navigation', { name: 'Settings' });
  await expect(menu.getByRole('link', { name: 'Property details' })).toHaveAttribute('aria-current', 'page');
  await expect(hotelier.getByRole('textbox', { name: 'Title' })).toHaveValue(hotel);
  const words = `Northern lights from the hot tub, ${Date.now()}.`;
  await hotelier.getByRole('textbox', { name: 'Description', exact: true }).fill(words);
  const wellness = hotelier.getByRole('group', { name: 'Wellness' });
  const had = await wellness.getByRole('checkbox', { name: 'Steam room' }).isChecked();
  await wellness.getByText('Steam room').click();
  await expect(wellness.getByRole('checkbox', { name: 'Steam room' })).toBeChecked({ checked: !had });
  await hotelier.getByRole('button', { name: 'Save changes' }).click();
  await expect(hotelier.getByText('The property details are saved: resellers see them now')).toBeVisible();

  // What an agent's property page reads, at once.
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, hotel);
  const info = await request.get(`/api/v2/resellers/accommodations/${id}/info`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const body = (await info.json()) as {
    data: { attributes: { description: string; facilities: { facility_codes: string[] }[] } };
  };
  expect(body.data.attributes.description).toBe(words);
  expect(body.data.attributes.facilities.flatMap((g) => g.facility_codes).includes('steam_room')).toBe(!had);
});

test('a hotelier edits the hotel policy and adds, then removes, a cancellation policy', async ({
  browser,
}) => {
  const hotelier = await desk(browser, 'hotelier2');
  await hotelier.goto('/settings/property-details');
  await hotelier
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Policies' })
    .click();
  await expect(hotelier.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
  await hotelier.getByRole('textbox', { name: 'Check-in from' }).fill('25:00');
  await hotelier.getByRole('button', { name: 'Save the hotel policy' }).click();
  await expect(hotelier.getByRole('textbox', { name: 'Check-in from' })).toHaveAccessibleDescription(
    /Use HH:MM/,
  );
  await hotelier.getByRole('textbox', { name: 'Check-in from' }).fill('15:00');
  await hotelier.getByRole('button', { name: 'Save the hotel policy' }).click();
  await expect(hotelier.getByText('The policies are saved')).toBeVisible();

  const title = `Flexible ${Date.now()}`;
  await hotelier.getByRole('button', { name: 'Add cancellation policy' }).click();
  const drawer = hotelier.getByRole('dialog', { name: 'Add cancellation policy' });
  await drawer.getByRole('textbox', { name: 'Title' }).fill(title);
  await drawer.getByRole('textbox', { name: 'Free until, before arrival' }).fill('5');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  const row = hotelier.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Free until 5 days before arrival');
  // Once the notifications that cover the row's end have gone.
  await expect(hotelier.getByText('The policies are saved')).toHaveCount(0);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await hotelier.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('the admin picks any property in the switcher and opens its settings', async ({ browser }) => {
  const admin = await desk(browser, 'admin');
  const switcher = admin.getByRole('banner').getByRole('combobox', { name: 'Property' });
  await switcher.fill('Casa do');
  await admin.getByRole('option', { name: 'Casa do Alfama' }).click();
  await admin.getByRole('button', { name: /^Account menu for / }).click();
  await admin.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).click();
  await expect(admin).toHaveURL(/\/settings\/property-details$/);
  await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue('Casa do Alfama');
  // Remembered across a reload.
  await admin.reload();
  await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue('Casa do Alfama');
});

test('staff see their property’s payment providers masked, with no way to add, change or delete one', async ({
  browser,
  request,
}) => {
  // A provider at Harbour View (staff's one property), added by its manager.
  const token = await apiToken(request, 'hotelier');
  const harbour = await propertyId(request, await apiToken(request, 'agent'), 'Harbour View Hotel');
  const made = await request.post('/api/v1/tern_hotels/providers', {
    data: {
      property_id: harbour,
      provider: {
        name: 'borgun',
        default: false,
        details: { merchant_id: 'HV-1', payment_gateway_id: 'G-1', secret_key: 'harbour-secret-7788' },
      },
    },
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(made.ok()).toBe(true);
  const staff = await desk(browser, 'staff');
  await staff.goto('/settings/payment-providers');
  await expect(staff.getByRole('heading', { name: 'Payment providers', level: 1 })).toBeVisible();
  await expect(staff.getByRole('row', { name: /Borgun/ }).first()).toBeVisible();
  await expect(
    staff.getByText('Only a manager of this property can add, change or remove its payment providers.'),
  ).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Add payment provider' })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: /^(Edit|Delete|Connect) / })).toHaveCount(0);
  await expect(staff.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});
