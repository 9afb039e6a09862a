import type { CampaignMessages } from './en';

/** The campaign page's words in Spanish (the same keys as `en.ts`). */
export const es: CampaignMessages = {
  campaign: {
    loading: 'Cargando…',
    skip: 'Saltar al contenido',
    powered_by: 'Con la tecnología de Tern',
    options: 'Regalos para elegir',
    valid_until: 'Válido hasta el {{date}}',
    choose: 'Elegir un regalo',
    sold_out: 'Ya no disponible',
    chosen: '¡Buena elección!',
    your_choice: 'Tu regalo',
    reset: 'Elegir otro regalo',
    form: '¿A dónde enviamos tu regalo?',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    government_id: 'Número de identificación',
    government_id_hint: 'Solo dígitos, como una kennitala',
    submit: 'Enviarme el regalo',
    submitting: 'Enviando…',
    thanks: '¡Gracias!',
    email_sent: 'Hemos enviado tu tarjeta regalo a {{email}}.',
    error_title: 'Se produjo un error',
    load_failed: 'Algo salió mal. Inténtalo de nuevo.',
    try_again: 'Intentar de nuevo',
  },
  // Core's recipient rule's keys (R324: `gift_campaign.required`, `general.email.valid_message`).
  gift_campaign: {
    required: 'Obligatorio',
    digits_only: 'Usa solo dígitos',
  },
  general: { email: { valid_message: 'Introduce un correo electrónico válido' } },
  // The refusals a recipient can meet, by the API's code; any other failure shows `campaign.load_failed`.
  api_errors: {
    campaign_already_picked: 'Ya has elegido un regalo de esta campaña.',
    sold_out: 'Lo sentimos, este regalo ya no está disponible.',
    campaign_not_found: 'Esta campaña no existe o no está abierta.',
  },
};
