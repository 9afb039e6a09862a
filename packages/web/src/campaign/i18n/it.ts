import type { CampaignMessages } from './en';

/** The campaign page's words in Italian (the same keys as `en.ts`). */
export const it: CampaignMessages = {
  campaign: {
    loading: 'Caricamento…',
    skip: 'Vai al contenuto',
    powered_by: 'Realizzato con Tern',
    options: 'Regali tra cui scegliere',
    valid_until: 'Valido fino al {{date}}',
    choose: 'Scegli un regalo',
    sold_out: 'Non più disponibile',
    chosen: 'Ottima scelta!',
    your_choice: 'Il tuo regalo',
    reset: 'Scegli un altro regalo',
    form: 'Dove inviamo il tuo regalo?',
    name: 'Nome e cognome',
    email: 'E-mail',
    government_id: 'Numero di documento',
    government_id_hint: 'Solo cifre, come una kennitala',
    submit: 'Inviami il regalo',
    submitting: 'Invio in corso…',
    thanks: 'Grazie!',
    email_sent: 'Abbiamo inviato la tua carta regalo a {{email}}.',
    error_title: 'Si è verificato un errore',
    load_failed: 'Qualcosa è andato storto. Riprova.',
    try_again: 'Riprova',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Obbligatorio',
    digits_only: 'Usa solo cifre',
  },
  general: { email: { valid_message: 'Inserisci un indirizzo e-mail valido' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Hai già scelto un regalo di questa campagna.',
    sold_out: 'Spiacenti, questo regalo non è più disponibile.',
    campaign_not_found: 'Questa campagna non esiste o non è aperta.',
  },
};
