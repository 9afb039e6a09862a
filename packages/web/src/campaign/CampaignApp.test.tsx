import type { PublicCampaign } from '@tern/sdk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignApi } from './api';
import { CampaignApp } from './CampaignApp';

const campaign: PublicCampaign = {
  id: 'c1',
  name: 'Staff 2030',
  description: 'Thank you for the year',
  propertyTitle: 'Harbour View',
  logoUrl: null,
  options: [
    {
      id: 'o1',
      name: 'A night for two',
      description: 'Breakfast included',
      photoUrl: '',
      expirationDate: '2030-12-31',
      soldOut: false,
    },
    {
      id: 'o2',
      name: 'Dinner',
      description: 'Three courses',
      photoUrl: '',
      expirationDate: '2030-12-31',
      soldOut: true,
    },
  ],
};
const refusal = (code: string) => Object.assign(new Error(code), { code, status: 409 });

describe('the public gift campaign page (M29)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/gift-campaign/c1?locale=en'));
  afterEach(() => vi.restoreAllMocks());

  it('lists the options, chooses one, refuses a second pick in the server’s meaning, and thanks', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const pick = vi
      .fn<CampaignApi['pick']>()
      .mockRejectedValueOnce(refusal('campaign_already_picked'))
      .mockResolvedValueOnce({ email: 'anna@example.is', optionName: 'A night for two' });
    const api: CampaignApi = { campaign: vi.fn(async () => campaign), pick };
    const user = userEvent.setup();
    render(<CampaignApp api={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff 2030' })).toBeTruthy();
    expect(screen.getAllByText('Valid until Dec 31, 2030')).toHaveLength(2);
    expect(screen.getByText('No longer available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose a gift' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Great choice!' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await user.click(screen.getByRole('button', { name: 'Send me my gift' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByLabelText('Full name'), 'Anna');
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.is');
    await user.type(screen.getByLabelText(/National ID number/), '0101302989');
    await user.click(screen.getByRole('button', { name: 'Send me my gift' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have already chosen a gift from this campaign.',
    );
    await user.click(screen.getByRole('button', { name: 'Send me my gift' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('We have sent your gift card to anna@example.is.')).toBeTruthy();
    expect(pick).toHaveBeenLastCalledWith('c1', {
      optionId: 'o1',
      name: 'Anna',
      email: 'anna@example.is',
      governmentIssuedId: '0101302989',
      locale: 'en',
    });
  });

  it('speaks Icelandic unless told otherwise, and says a failed load with a way to try again', async () => {
    window.history.replaceState(null, '', '/gift-campaign/c1');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['xx']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<CampaignApi['campaign']>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValueOnce(campaign);
    render(<CampaignApp api={{ campaign: load, pick: vi.fn() }} />);
    expect(await screen.findByText('Eitthvað fór úrskeiðis. Vinsamlegast reyndu aftur.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('is');
    await userEvent.click(screen.getByRole('button', { name: 'Reyna aftur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff 2030' })).toBeTruthy();
    expect(screen.getAllByText(/^Gildir til 31\. des\.? 2030$/)).toHaveLength(2);
  });
});
