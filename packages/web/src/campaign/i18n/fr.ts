import type { CampaignMessages } from './en';

/** The campaign page's words in French (the same keys as `en.ts`). */
export const fr: CampaignMessages = {
  campaign: {
    loading: 'Chargement…',
    skip: 'Aller au contenu',
    powered_by: 'Propulsé par Tern',
    options: 'Cadeaux au choix',
    valid_until: 'Valable jusqu’au {{date}}',
    choose: 'Choisir un cadeau',
    sold_out: 'Plus disponible',
    chosen: 'Excellent choix !',
    your_choice: 'Votre cadeau',
    reset: 'Choisir un autre cadeau',
    form: 'Où devons-nous envoyer votre cadeau ?',
    name: 'Nom complet',
    email: 'E-mail',
    government_id: 'Numéro d’identité',
    government_id_hint: 'Chiffres uniquement, comme une kennitala',
    submit: 'M’envoyer mon cadeau',
    submitting: 'Envoi…',
    thanks: 'Merci !',
    email_sent: 'Nous avons envoyé votre carte cadeau à {{email}}.',
    error_title: 'Une erreur est survenue',
    load_failed: 'Un problème est survenu. Veuillez réessayer.',
    try_again: 'Réessayer',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Obligatoire',
    digits_only: 'Chiffres uniquement',
  },
  general: { email: { valid_message: 'Saisissez une adresse e-mail valide' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Vous avez déjà choisi un cadeau de cette campagne.',
    sold_out: 'Désolé, ce cadeau n’est plus disponible.',
    campaign_not_found: 'Cette campagne n’existe pas ou n’est pas ouverte.',
  },
};
