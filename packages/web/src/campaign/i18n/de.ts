import type { CampaignMessages } from './en';

/** The campaign page's words in German (the same keys as `en.ts`). */
export const de: CampaignMessages = {
  campaign: {
    loading: 'Wird geladen…',
    skip: 'Zum Inhalt springen',
    powered_by: 'Bereitgestellt von Tern',
    options: 'Geschenke zur Auswahl',
    valid_until: 'Gültig bis {{date}}',
    choose: 'Geschenk wählen',
    sold_out: 'Nicht mehr verfügbar',
    chosen: 'Gute Wahl!',
    your_choice: 'Ihr Geschenk',
    reset: 'Ein anderes Geschenk wählen',
    form: 'Wohin sollen wir Ihr Geschenk senden?',
    name: 'Vollständiger Name',
    email: 'E-Mail',
    government_id: 'Ausweisnummer',
    government_id_hint: 'Nur Ziffern, z. B. eine Kennitala',
    submit: 'Geschenk zusenden',
    submitting: 'Wird gesendet…',
    thanks: 'Vielen Dank!',
    email_sent: 'Wir haben Ihre Geschenkkarte an {{email}} gesendet.',
    error_title: 'Ein Fehler ist aufgetreten',
    load_failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    try_again: 'Erneut versuchen',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Pflichtfeld',
    digits_only: 'Nur Ziffern verwenden',
  },
  general: { email: { valid_message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Sie haben bereits ein Geschenk aus dieser Aktion gewählt.',
    sold_out: 'Dieses Geschenk ist leider nicht mehr verfügbar.',
    campaign_not_found: 'Diese Aktion gibt es nicht, oder sie ist nicht geöffnet.',
  },
};
