/**
 * The public gift campaign page's words in English (design §9: its own catalogue, apart from the store's), which
 * every other language mirrors key for key (`catalogues.test.ts`).
 */
export const en = {
  campaign: {
    loading: 'Loading…',
    skip: 'Skip to content',
    powered_by: 'Powered by Tern',
    options: 'Gifts to choose from',
    valid_until: 'Valid until {{date}}',
    choose: 'Choose a gift',
    sold_out: 'No longer available',
    chosen: 'Great choice!',
    your_choice: 'Your gift',
    reset: 'Choose another gift',
    form: 'Where should we send your gift?',
    name: 'Full name',
    email: 'E-mail',
    government_id: 'National ID number',
    government_id_hint: 'Digits only, such as a kennitala',
    submit: 'Send me my gift',
    submitting: 'Sending…',
    thanks: 'Thank you!',
    email_sent: 'We have sent your gift card to {{email}}.',
    error_title: 'An error occurred',
    load_failed: 'Something went wrong. Please try again.',
    try_again: 'Try again',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Required',
    digits_only: 'Use digits only',
  },
  general: { email: { valid_message: 'Please enter a valid e-mail address' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'You have already chosen a gift from this campaign.',
    sold_out: 'Sorry, this gift is no longer available.',
    campaign_not_found: 'There is no such campaign, or it is not open.',
  },
};

export type CampaignMessages = typeof en;
