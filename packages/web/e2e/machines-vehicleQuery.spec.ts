import { expect, type Page, type Route } from '@playwright/test';
import { vehicleQueryOutcomes, vehicleQueryServerReplies } from '../../core/src/qa/test/replies.ts';
import { signedInAs } from './helpers';
import { describeWebReplays, type StepDriver } from './machines-replay';

// Core's model-based paths of the car search's polling (M06, the query the search page invokes) replayed through
// /search_cars against the test server's simulated providers, which answer 1 to 4 s after the query. A poll the
// path wants unfinished goes to the server at once (the 2 s between polls run at once on the page's clock, so
// every poll comes before the slowest provider can answer); one it wants finished is held by `page.route` until
// 4.5 s after the query, then goes to the server; a failed call is refused on the way. The same paths go through
// `tern search cars` in packages/cli/test/machines-vehicleQuery.test.ts.

interface Search {
  page: Page;
}

const refuse = (route: Route) =>
  route.fulfill({
    status: 422,
    contentType: 'application/json',
    body: JSON.stringify({ errors: [{ status: '422', detail: 'Refused for the test' }] }),
  });

const nothing: StepDriver<Search> = async () => {};
const newQuery =
  'the search page starts a new car query for a new search or a retry and stops it when left: it never sends search.start, search.retry or search.leave to a running one';

describeWebReplays<Search>({
  machine: 'vehicleQueryMachine',
  liveMachine: 'vehicleQuery',
  scenarios: {
    'a query given': async (page, path) => {
      const { creating, polls } = vehicleQueryOutcomes(path.steps);
      let askedAt = 0;
      await page.route('**/list_units', async (route) => {
        if ((creating.shift() ?? 'done') === 'error') return refuse(route);
        askedAt = Date.now();
        return route.continue();
      });
      await page.route('**/query_results/**', async (route) => {
        const want = polls.shift() ?? 'all';
        if (want === 'error') return refuse(route);
        if (want === 'all') await new Promise((r) => setTimeout(r, Math.max(0, askedAt + 4500 - Date.now())));
        return route.continue();
      });
      // The page's timers on Playwright's clock (it flows as time does): the 2 s between polls is run at once
      // (the `after` step), so an unfinished poll reaches the server long before the slowest provider answers.
      await page.clock.install();
      await signedInAs(page, 'agent');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Where to next?', level: 1 })).toBeVisible({
        timeout: 25_000,
      });
      await page.getByRole('tab', { name: 'Cars' }).click();
      await page.getByRole('combobox', { name: 'Pick-up location' }).fill('Kef');
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return { page };
    },
    'no query': {
      excluded: 'the search page asks for the dates first: it starts a car query only with one',
    },
  },
  events: {
    'search.start': { excluded: newQuery },
    'search.retry': { excluded: newQuery },
    'search.leave': { excluded: newQuery },
    ...vehicleQueryServerReplies(nothing),
    // The machine's own 2 s between polls, run on the page's clock.
    'xstate.after.pollInterval.vehicleQuery.waiting': async ({ page }) => page.clock.runFor(2000),
  },
});
