import { expect, test } from '@playwright/test';
import {
  apiToken,
  chooseRooms,
  fillContact,
  findStay,
  inDays,
  mapSearches,
  propertyId,
  shoot,
  signInAgent,
  typeDates,
} from './booking';
import { nextMail, outbox } from './helpers';

// The reseller booking engine against the real server (document 1 §2, §4): each test books its own dates
// so tests running side by side do not take each other's rooms.

const HOTEL = 'Harbour View Hotel';

test('books a stay without a card: home, property page, checkout, confirmation and the e-mail', async ({
  page,
  request,
}, info) => {
  const email = `stay-${Date.now()}@example.test`;
  const token = await apiToken(request, 'agent');
  const stay = await findStay(
    request,
    token,
    await propertyId(request, token, HOTEL),
    'Flexible with breakfast',
    40,
  );
  await signInAgent(page);
  await shoot(page, info, 'home');
  await page.getByRole('combobox', { name: 'Destination or property' }).fill('Harbour');
  await page.getByRole('option', { name: new RegExp(HOTEL) }).click();
  const { checkin, checkout } = stay;
  await typeDates(page, checkin, checkout);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(
    new RegExp(`/property/[^/?]+\\?.*checkinDate=${checkin}&checkoutDate=${checkout}`),
  );
  await expect(page.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${HOTEL} · Tern`);
  const gallery = page.getByRole('region', { name: `Photos of ${HOTEL}` });
  expect(await gallery.getByRole('img').count()).toBeLessThanOrEqual(5);
  await chooseRooms(page, 'Flexible with breakfast', stay.unit.title, 1);
  const summary = page.getByRole('region', { name: 'Price summary' });
  const book = summary.getByRole('button', { name: /^Book · USD / });
  await expect(book).toBeEnabled();
  const total = ((await book.textContent()) ?? '').replace('Book · ', '');
  await shoot(page, info, 'property');
  await book.click();

  await expect(page).toHaveURL(/\/booking_info\?/);
  await expect(page.getByRole('heading', { name: 'Guests and payment', level: 1 })).toBeVisible();
  await expect(page.getByTitle('Card details')).toHaveCount(0);
  await fillContact(page, 'Jónsdóttir', email);
  const bookNow = page.getByRole('button', { name: `Book now · ${total}` });
  await expect(bookNow).toBeDisabled();
  await page.getByText('I have read and accept the cancellation and payment policies').click();
  await shoot(page, info, 'checkout');
  await bookNow.click();

  await expect(page).toHaveURL(/\/confirmation\/[^/?]+\?/);
  await expect(page.getByRole('heading', { name: 'Thank you, the booking is confirmed' })).toBeVisible();
  await expect(page.getByText(`A confirmation was sent to ${email}.`)).toBeVisible();
  const reservation = page.getByText(/^TRN-/);
  await expect(reservation).toBeVisible();
  // The booking number leads (no record id on the page), then the recap of what was booked.
  const pageId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText(pageId)).toHaveCount(0);
  const recap = page.getByLabel('Your booking');
  await expect(recap).toContainText(HOTEL);
  await expect(recap).toContainText(`1 × ${stay.unit.title}, Flexible with breakfast`);
  await expect(recap).toContainText(/\d+ nights?/);
  await expect(recap).toContainText(total);
  await shoot(page, info, 'confirmation');
  const mail = await nextMail(request, email, 'booking_confirmation', 0);
  expect(mail.attributes.text).toContain((await reservation.textContent()) ?? 'missing');

  // "Create new booking" clears the flow and returns to the property page.
  await page.getByRole('button', { name: 'Create new booking' }).click();
  await expect(page).toHaveURL(/\/property\/[^/?]+\?type=accommodation/);
  await expect(
    page.getByRole('region', { name: 'Price summary' }).getByText('Choose rooms to see the price.'),
  ).toBeVisible();
});

test('books a stay whose rate needs a card, through the vault frame', async ({ page, request }, info) => {
  const email = `card-${Date.now()}@example.test`;
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, HOTEL);
  await signInAgent(page);
  const stay = await findStay(request, token, id, 'Non-refundable saver', 44, 'ISK');
  const query = `type=accommodation&currency=ISK&checkinDate=${stay.checkin}&checkoutDate=${stay.checkout}&adults=2&children=0`;
  await page.goto(`/property/${id}?${query}`);
  await chooseRooms(page, 'Non-refundable saver', stay.unit.title, 1);
  await page
    .getByRole('region', { name: 'Price summary' })
    .getByRole('button', { name: /^Book · ISK / })
    .click();

  await expect(page.getByRole('heading', { name: 'Guests and payment', level: 1 })).toBeVisible();
  await fillContact(page, 'Berg', email);
  const vault = page.frameLocator('iframe[title="Card details"]');
  await vault.getByLabel('Name on the card').fill('Anna Berg');
  await vault.getByLabel('Card number').fill('4242 4242 4242 4242');
  await vault.getByLabel('Expiry (MM/YY)').fill('12/30');
  await vault.getByLabel('Security code').fill('123');
  // The card form fits its 400 x 220 frame, and the narrower frame of a phone too.
  const formHeight = () => vault.locator('body').evaluate((body) => body.scrollHeight);
  expect(await formHeight()).toBeLessThanOrEqual(220);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(formHeight).toBeLessThanOrEqual(220);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('region', { name: 'Policies' }).getByText('Full prepayment')).toBeVisible();
  await page.getByText('I have read and accept the cancellation and payment policies').click();
  await shoot(page, info, 'checkout-card');
  await page.getByRole('button', { name: /^Book now · ISK / }).click();

  await expect(page.getByRole('heading', { name: 'Thank you, the booking is confirmed' })).toBeVisible();
  await expect(page.getByText(/^TRN-/)).toBeVisible();
  expect((await outbox(request, email, 'booking_confirmation')).length).toBeGreaterThan(0);
});

test('books a car: pick-up place, offers as the companies answer, the driver, confirmation', async ({
  page,
}, info) => {
  await signInAgent(page);
  await page.getByRole('tab', { name: 'Cars' }).click();
  await page.getByRole('combobox', { name: 'Pick-up location' }).fill('Kef');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('button', { name: /Pick-up time/ })).toContainText('10:00');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/\/search_cars\?type=vehicle/);
  const offers = page.getByRole('list', { name: 'Cars' });
  await expect(offers).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/rental companies answered/)).toHaveCount(0, { timeout: 15_000 });
  await expect(offers.locator(':scope > li').first()).toContainText(/ACRISS [A-Z]{4}/);
  await shoot(page, info, 'cars');
  await page
    .getByRole('button', { name: /^Book this car: / })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Driver', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Country of residence' })).toBeDisabled();
  await page.getByText('I have read and accept the cancellation and payment policies').click();
  await page.getByRole('button', { name: /^Book now/ }).click();
  await expect(page.getByRole('textbox', { name: /First name/ })).toBeFocused();
  await page.getByRole('textbox', { name: /First name/ }).fill('Rui');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Costa');
  await page.getByRole('textbox', { name: /E-mail/ }).fill(`car-${Date.now()}@example.test`);
  await page.getByRole('textbox', { name: /Phone/ }).fill('+354 555 0100');
  const vault = page.frameLocator('iframe[title="Card details"]');
  if ((await page.getByTitle('Card details').count()) > 0) {
    await vault.getByLabel('Name on the card').fill('Rui Costa');
    await vault.getByLabel('Card number').fill('4242 4242 4242 4242');
    await vault.getByLabel('Expiry (MM/YY)').fill('12/30');
    await vault.getByLabel('Security code').fill('123');
  }
  await shoot(page, info, 'car-checkout');
  await page.getByRole('button', { name: /^Book now/ }).click();

  await expect(page.getByRole('heading', { name: 'Thank you, the booking is confirmed' })).toBeVisible();
  await expect(page.getByText(/^TRN-/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create new booking' })).toHaveCount(0);
  await expect(page.getByText(/^Provided by /)).toBeVisible();
});

test('searches a city: the list, price markers on the map and the preview card', async ({ page }, info) => {
  await signInAgent(page);
  await page.getByRole('combobox', { name: 'Destination or property' }).fill('Reykjav');
  await page.getByRole('option', { name: /^Reykjavik/ }).click();
  await typeDates(page, inDays(30), inDays(32));
  // The map searches the area it shows after the search's own call: markers are read once the searches stopped.
  const { settled } = mapSearches(page);
  const searched = Date.now();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?.*city=Reykjavik/);
  const list = page.getByRole('list', { name: 'Search results' });
  await expect(list).toBeVisible();
  const cards = list.locator(':scope > li');
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(cards.first()).toContainText(/USD [\d,]+\.\d{2}|Not available/);
  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(map.locator('.price-marker').first()).toBeVisible();
  await settled(searched);
  await shoot(page, info, 'search');
  // A property's own marker (those too close to read apart are clustered: a cluster zooms in on click, and each
  // zoom searches the area shown and draws the markers anew).
  const singles = map.locator('.price-marker:not(.price-marker--cluster)');
  while ((await singles.count()) === 0) {
    const zoomed = Date.now();
    await map
      .getByRole('button', { name: /^\d+ properties/ })
      .first()
      .click();
    await settled(zoomed);
  }
  const title = ((await singles.first().getAttribute('aria-label')) ?? '').split(',')[0]!;
  expect(await cards.allInnerTexts()).toContainEqual(expect.stringContaining(title));
  const marker = map.getByRole('button', { name: new RegExp(`^${title}`) });
  await marker.click();
  const preview = page.getByRole('region', { name: 'Selected property' });
  await expect(preview.getByRole('heading', { name: title })).toBeFocused();
  await preview.getByRole('button', { name: 'Back to map' }).click();
  await expect(preview).toHaveCount(0);
  await marker.click();
  await page
    .getByRole('region', { name: 'Selected property' })
    .getByRole('link', { name: 'Book now' })
    .click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // Back to the results, with the same query.
  await page.getByRole('link', { name: /Back to search results/ }).click();
  await expect(page).toHaveURL(/\/search\?.*city=Reykjavik/);
});

test('on a phone the map, shown when asked for, fits every result', async ({ page }) => {
  await signInAgent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `/search?type=accommodation&currency=USD&checkinDate=${inDays(33)}&checkoutDate=${inDays(35)}&adults=2&children=0&city=Reykjavik`,
  );
  const list = page.getByRole('list', { name: 'Search results' });
  await expect(list.locator(':scope > li').first()).toBeVisible();
  const results = await list.locator(':scope > li').count();
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of the results' });
  const markers = map.locator('.price-marker, .pin-marker');
  // Every result is on the map: on its own, or counted in a cluster of markers too close to read apart.
  await expect
    .poll(async () =>
      (
        await markers.evaluateAll((els) =>
          els.map((el) =>
            el.classList.contains('price-marker--cluster')
              ? Number(el.querySelector('.price-marker__count')?.textContent)
              : 1,
          ),
        )
      ).reduce((a, b) => a + b, 0),
    )
    .toBe(results);
  // Every marker inside the map's box: the map fitted them once it had a size.
  const box = (await map.boundingBox())!;
  await expect
    .poll(async () =>
      (await markers.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))).every(
        (m) => m.left >= box.x - 1 && m.right <= box.x + box.width + 1 && m.top >= box.y - 1,
      ),
    )
    .toBe(true);
});

test('overlays a stale rates table when the dates change, and searches again', async ({ page, request }) => {
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, HOTEL);
  const stay = await findStay(request, token, id, 'Flexible with breakfast', 60);
  await signInAgent(page);
  const { checkin, checkout } = stay;
  const later = new Date(Date.parse(`${checkout}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.goto(
    `/property/${id}?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0`,
  );
  await chooseRooms(page, 'Flexible with breakfast', stay.unit.title, 1);
  const panel = page.getByRole('region', { name: 'Your stay' });
  await typeDates(panel, checkin, later);
  await expect(page.getByText('Your dates changed')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Price summary' }).getByText('Choose rooms to see the price.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Search these dates' }).click();
  await expect(page).toHaveURL(new RegExp(`checkoutDate=${later}`));
  await expect(page.getByText('Your dates changed')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /Rooms of Flexible with breakfast, / }).first(),
  ).toBeVisible();
});

test('the book button stays in reach: beside the rooms while they scroll, in a bottom bar on a phone', async ({
  page,
  request,
}, info) => {
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, HOTEL);
  // Nights the test opens itself (the demo world may sell no rate for two that day).
  const { checkin, checkout } = await findStay(request, token, id, 'Flexible with breakfast', 74);
  await signInAgent(page);
  const query = `type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0`;
  await page.goto(`/property/${id}?${query}`);
  const rates = page.getByRole('button', { name: /Rooms of / });
  await expect(rates.first()).toBeVisible();
  // Desktop: pick the last rate for two adults that can be booked (a sold-out one offers no rooms), far down the
  // page; the summary's button is on screen beside it.
  const forTwo = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '2 adults', exact: true }) })
    .filter({ has: page.getByRole('button', { name: /Rooms of / }) })
    .last();
  await forTwo.getByRole('button', { name: /Rooms of / }).click();
  await page.getByRole('option').getByText('1', { exact: true }).click();
  const summaryBook = page
    .getByRole('region', { name: 'Price summary' })
    .getByRole('button', { name: /^Book · / });
  await expect(summaryBook).toBeInViewport();
  // The policies' values have room beside their labels (a long label wraps instead of squeezing them).
  const values = page.getByRole('region', { name: 'Policies' }).locator('dd');
  for (const box of await values.evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().width)))
    expect(box).toBeGreaterThan(250);
  await shoot(page, info, 'property-scrolled-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await forTwo.scrollIntoViewIfNeeded();
  // On a phone the summary is above the rooms and its button is hidden: the bar at the bottom books.
  await expect(summaryBook).toBeHidden();
  const bars = page.getByRole('button', { name: /^Book · / });
  await expect(bars).toHaveCount(1);
  await expect(bars).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, info, 'property-book-bar-phone');
  await bars.click();
  await expect(page).toHaveURL(/\/booking_info\?/);
});

test('checkout without a selection goes back to the property page', async ({ page, request }) => {
  const id = await propertyId(request, await apiToken(request, 'agent'), HOTEL);
  await signInAgent(page);
  const query = `type=accommodation&currency=USD&checkinDate=${inDays(70)}&checkoutDate=${inDays(71)}&adults=1&children=0`;
  await page.goto(`/property/${id}/booking_info?${query}`);
  await expect(page).toHaveURL(new RegExp(`/property/${id}\\?`));
  await expect(page.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
});

test('a room sold out between choosing and booking is refused cleanly, and the form stays', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, HOTEL);
  const { checkin, checkout, unit, plan } = await findStay(request, token, id, 'Flexible with breakfast', 50);
  await signInAgent(page);
  await page.goto(
    `/property/${id}?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=1&children=0`,
  );
  // Take every room left of the room type…
  await chooseRooms(page, 'Flexible with breakfast', unit.title, 'all');
  await page
    .getByRole('region', { name: 'Price summary' })
    .getByRole('button', { name: /^Book · / })
    .click();
  await fillContact(page, 'Late', `race-${Date.now()}@example.test`);
  await page.getByText('I have read and accept the cancellation and payment policies').click();

  // …then another booking takes one of them through the API.
  const first = await request.post(`/api/v2/resellers/accommodations/${id}/create_booking`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'idempotency-key': `race-${Date.now()}`,
    },
    data: {
      booking: {
        currency: 'USD',
        arrival_date: checkin,
        departure_date: checkout,
        customer: { surname: 'First' },
        rooms: [{ rate_plan_id: plan.id, room_type_code: unit.id, occupancy: plan.occupancy }],
        policy_accepted: true,
      },
    },
  });
  expect(first.status()).toBe(201);

  await page.getByRole('button', { name: /^Book now/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toContainText('no longer available');
  await expect(page).toHaveURL(/\/booking_info\?/);
  await expect(page.getByRole('button', { name: /^Book now/ })).toBeEnabled();
  await expect(
    page.getByRole('region', { name: 'Booking contact' }).getByRole('textbox', { name: /Last name/ }),
  ).toHaveValue('Late');
});
