import type { CampaignMessages } from './en';

/** The campaign page's words in Greek (the same keys as `en.ts`). */
export const el: CampaignMessages = {
  campaign: {
    loading: 'Φόρτωση…',
    skip: 'Μετάβαση στο περιεχόμενο',
    powered_by: 'Με την υποστήριξη του Tern',
    options: 'Δώρα για να διαλέξετε',
    valid_until: 'Ισχύει έως {{date}}',
    choose: 'Επιλογή δώρου',
    sold_out: 'Δεν είναι πλέον διαθέσιμο',
    chosen: 'Υπέροχη επιλογή!',
    your_choice: 'Το δώρο σας',
    reset: 'Επιλογή άλλου δώρου',
    form: 'Πού να στείλουμε το δώρο σας;',
    name: 'Ονοματεπώνυμο',
    email: 'E-mail',
    government_id: 'Αριθμός ταυτότητας',
    government_id_hint: 'Μόνο ψηφία, όπως ένα kennitala',
    submit: 'Στείλτε μου το δώρο',
    submitting: 'Αποστολή…',
    thanks: 'Ευχαριστούμε!',
    email_sent: 'Στείλαμε την κάρτα δώρου σας στο {{email}}.',
    error_title: 'Παρουσιάστηκε σφάλμα',
    load_failed: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά.',
    try_again: 'Δοκιμάστε ξανά',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Υποχρεωτικό',
    digits_only: 'Χρησιμοποιήστε μόνο ψηφία',
  },
  general: { email: { valid_message: 'Εισαγάγετε έγκυρο e-mail' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Έχετε ήδη επιλέξει δώρο από αυτή την καμπάνια.',
    sold_out: 'Δυστυχώς, αυτό το δώρο δεν είναι πλέον διαθέσιμο.',
    campaign_not_found: 'Η καμπάνια δεν υπάρχει ή δεν είναι ανοιχτή.',
  },
};
