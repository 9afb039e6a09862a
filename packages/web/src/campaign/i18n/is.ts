import type { CampaignMessages } from './en';

/** The campaign page's words in Icelandic (the same keys as `en.ts`). */
export const is: CampaignMessages = {
  campaign: {
    loading: 'Hleð…',
    skip: 'Fara í efni',
    powered_by: 'Knúið af Tern',
    options: 'Gjafir í boði',
    valid_until: 'Gildir til {{date}}',
    choose: 'Velja gjöf',
    sold_out: 'Ekki lengur í boði',
    chosen: 'Flott val!',
    your_choice: 'Gjöfin þín',
    reset: 'Velja aðra gjöf',
    form: 'Hvert eigum við að senda gjöfina?',
    name: 'Fullt nafn',
    email: 'Netfang',
    government_id: 'Kennitala',
    government_id_hint: 'Eingöngu tölustafir',
    submit: 'Senda mér gjöfina',
    submitting: 'Sendi…',
    thanks: 'Takk fyrir!',
    email_sent: 'Við höfum sent gjafabréfið þitt á {{email}}.',
    error_title: 'Villa kom upp',
    load_failed: 'Eitthvað fór úrskeiðis. Vinsamlegast reyndu aftur.',
    try_again: 'Reyna aftur',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Nauðsynlegt',
    digits_only: 'Notaðu eingöngu tölustafi',
  },
  general: { email: { valid_message: 'Sláðu inn gilt netfang' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Þú hefur þegar valið gjöf úr þessari herferð.',
    sold_out: 'Því miður er þessi gjöf ekki lengur í boði.',
    campaign_not_found: 'Engin slík herferð er til, eða hún er ekki opin.',
  },
};
