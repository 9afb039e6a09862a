import type { CampaignMessages } from './en';

/** The campaign page's words in Portuguese (the same keys as `en.ts`). */
export const pt: CampaignMessages = {
  campaign: {
    loading: 'A carregar…',
    skip: 'Saltar para o conteúdo',
    powered_by: 'Com tecnologia Tern',
    options: 'Presentes à escolha',
    valid_until: 'Válido até {{date}}',
    choose: 'Escolher um presente',
    sold_out: 'Já não disponível',
    chosen: 'Ótima escolha!',
    your_choice: 'O seu presente',
    reset: 'Escolher outro presente',
    form: 'Para onde enviamos o seu presente?',
    name: 'Nome completo',
    email: 'E-mail',
    government_id: 'Número de identificação',
    government_id_hint: 'Apenas dígitos, como uma kennitala',
    submit: 'Enviar-me o presente',
    submitting: 'A enviar…',
    thanks: 'Obrigado!',
    email_sent: 'Enviámos o seu cartão-presente para {{email}}.',
    error_title: 'Ocorreu um erro',
    load_failed: 'Algo correu mal. Tente novamente.',
    try_again: 'Tentar novamente',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Obrigatório',
    digits_only: 'Use apenas dígitos',
  },
  general: { email: { valid_message: 'Introduza um e-mail válido' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Já escolheu um presente desta campanha.',
    sold_out: 'Lamentamos, este presente já não está disponível.',
    campaign_not_found: 'Esta campanha não existe ou não está aberta.',
  },
};
