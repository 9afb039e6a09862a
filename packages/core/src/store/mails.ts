import type { StoreLocale } from '@tern/sdk';
import { formatDayShortMonth, formatMoney } from '../format/format.js';
import { isStoreLocale } from './locale.js';
import { fillWords } from './words.js';

// The e-mails a visitor of the store gets (document 3 §1, §5): the payer's receipt and each recipient's gift card,
// in the language the card was bought or picked in (the checkout's, the campaign page's `locale`); a card staff
// issued has none and is mailed in English. Words with `{{name}}` slots, filled here: the server only sends.

interface StoreMailWords {
  cardSubject: string;
  hello: string;
  cardFrom: string;
  cardNumber: string;
  bookWithIt: string;
  receiptSubject: string;
  receiptThanks: string;
  receiptCard: string;
  byLetter: string;
  atHotel: string;
  byEmail: string;
  totalPaid: string;
}

const words: Record<StoreLocale, StoreMailWords> = {
  en: {
    cardSubject: 'Your gift card: {{title}}',
    hello: 'Hello {{name}},',
    cardFrom: 'Here is your gift card from {{supplier}}: {{title}}.',
    cardNumber: 'Its number: {{code}}. Use it by {{expires}}.',
    bookWithIt: 'Book your stay with it',
    receiptSubject: 'Your gift cards from {{supplier}}: {{reference}}',
    receiptThanks: 'Thank you for your purchase from {{supplier}} (reference {{reference}}).',
    receiptCard: '{{title}} for {{name}}, {{delivery}}: card {{code}}, {{price}}',
    byLetter: 'by letter',
    atHotel: 'to pick up at the hotel',
    byEmail: 'by e-mail to {{email}}',
    totalPaid: 'Total paid: {{total}}',
  },
  es: {
    cardSubject: 'Su tarjeta regalo: {{title}}',
    hello: 'Hola, {{name}}:',
    cardFrom: 'Aquí tiene su tarjeta regalo de {{supplier}}: {{title}}.',
    cardNumber: 'Su número: {{code}}. Úsela antes del {{expires}}.',
    bookWithIt: 'Reserve su estancia con ella',
    receiptSubject: 'Sus tarjetas regalo de {{supplier}}: {{reference}}',
    receiptThanks: 'Gracias por su compra en {{supplier}} (referencia {{reference}}).',
    receiptCard: '{{title}} para {{name}}, {{delivery}}: tarjeta {{code}}, {{price}}',
    byLetter: 'por carta',
    atHotel: 'para recoger en el hotel',
    byEmail: 'por correo electrónico a {{email}}',
    totalPaid: 'Total pagado: {{total}}',
  },
  it: {
    cardSubject: 'La tua carta regalo: {{title}}',
    hello: 'Ciao {{name}},',
    cardFrom: 'Ecco la tua carta regalo di {{supplier}}: {{title}}.',
    cardNumber: 'Il suo numero: {{code}}. Usala entro il {{expires}}.',
    bookWithIt: 'Prenota il tuo soggiorno con la carta',
    receiptSubject: 'Le tue carte regalo di {{supplier}}: {{reference}}',
    receiptThanks: 'Grazie per il tuo acquisto da {{supplier}} (riferimento {{reference}}).',
    receiptCard: '{{title}} per {{name}}, {{delivery}}: carta {{code}}, {{price}}',
    byLetter: 'per posta',
    atHotel: "da ritirare all'hotel",
    byEmail: 'via e-mail a {{email}}',
    totalPaid: 'Totale pagato: {{total}}',
  },
  pt: {
    cardSubject: 'O seu cartão-presente: {{title}}',
    hello: 'Olá, {{name}},',
    cardFrom: 'Aqui está o seu cartão-presente de {{supplier}}: {{title}}.',
    cardNumber: 'O seu número: {{code}}. Use-o até {{expires}}.',
    bookWithIt: 'Reserve a sua estadia com ele',
    receiptSubject: 'Os seus cartões-presente de {{supplier}}: {{reference}}',
    receiptThanks: 'Obrigado pela sua compra em {{supplier}} (referência {{reference}}).',
    receiptCard: '{{title}} para {{name}}, {{delivery}}: cartão {{code}}, {{price}}',
    byLetter: 'por carta',
    atHotel: 'para levantar no hotel',
    byEmail: 'por e-mail para {{email}}',
    totalPaid: 'Total pago: {{total}}',
  },
  de: {
    cardSubject: 'Ihr Gutschein: {{title}}',
    hello: 'Hallo {{name}},',
    cardFrom: 'Hier ist Ihr Gutschein von {{supplier}}: {{title}}.',
    cardNumber: 'Seine Nummer: {{code}}. Einzulösen bis {{expires}}.',
    bookWithIt: 'Buchen Sie damit Ihren Aufenthalt',
    receiptSubject: 'Ihre Gutscheine von {{supplier}}: {{reference}}',
    receiptThanks: 'Vielen Dank für Ihren Einkauf bei {{supplier}} (Referenz {{reference}}).',
    receiptCard: '{{title}} für {{name}}, {{delivery}}: Gutschein {{code}}, {{price}}',
    byLetter: 'per Post',
    atHotel: 'zur Abholung im Hotel',
    byEmail: 'per E-Mail an {{email}}',
    totalPaid: 'Bezahlt: {{total}}',
  },
  fr: {
    cardSubject: 'Votre carte cadeau : {{title}}',
    hello: 'Bonjour {{name}},',
    cardFrom: 'Voici votre carte cadeau de {{supplier}} : {{title}}.',
    cardNumber: 'Son numéro : {{code}}. À utiliser avant le {{expires}}.',
    bookWithIt: 'Réservez votre séjour avec elle',
    receiptSubject: 'Vos cartes cadeaux de {{supplier}} : {{reference}}',
    receiptThanks: 'Merci pour votre achat chez {{supplier}} (référence {{reference}}).',
    receiptCard: '{{title}} pour {{name}}, {{delivery}} : carte {{code}}, {{price}}',
    byLetter: 'par courrier',
    atHotel: "à retirer à l'hôtel",
    byEmail: 'par e-mail à {{email}}',
    totalPaid: 'Total payé : {{total}}',
  },
  el: {
    cardSubject: 'Η δωροκάρτα σας: {{title}}',
    hello: 'Γεια σας {{name}},',
    cardFrom: 'Ορίστε η δωροκάρτα σας από {{supplier}}: {{title}}.',
    cardNumber: 'Ο αριθμός της: {{code}}. Χρησιμοποιήστε την έως {{expires}}.',
    bookWithIt: 'Κλείστε τη διαμονή σας με αυτήν',
    receiptSubject: 'Οι δωροκάρτες σας από {{supplier}}: {{reference}}',
    receiptThanks: 'Σας ευχαριστούμε για την αγορά σας από {{supplier}} (κωδικός {{reference}}).',
    receiptCard: '{{title}} για {{name}}, {{delivery}}: κάρτα {{code}}, {{price}}',
    byLetter: 'με επιστολή',
    atHotel: 'για παραλαβή στο ξενοδοχείο',
    byEmail: 'με e-mail στο {{email}}',
    totalPaid: 'Σύνολο πληρωμής: {{total}}',
  },
  is: {
    cardSubject: 'Gjafabréfið þitt: {{title}}',
    hello: 'Sæl/l {{name}},',
    cardFrom: 'Hér er gjafabréfið þitt frá {{supplier}}: {{title}}.',
    cardNumber: 'Númer þess: {{code}}. Gildir til {{expires}}.',
    bookWithIt: 'Bókaðu dvölina með því',
    receiptSubject: 'Gjafabréfin þín frá {{supplier}}: {{reference}}',
    receiptThanks: 'Takk fyrir kaupin hjá {{supplier}} (tilvísun {{reference}}).',
    receiptCard: '{{title}} fyrir {{name}}, {{delivery}}: bréf {{code}}, {{price}}',
    byLetter: 'með bréfpósti',
    atHotel: 'sótt á hótelið',
    byEmail: 'í tölvupósti til {{email}}',
    totalPaid: 'Greitt alls: {{total}}',
  },
};

/** The store's language a mail is written in: `locale` when the store offers it, else English. */
export const mailLocale = (locale: string | null | undefined): StoreLocale =>
  isStoreLocale(locale) ? locale : 'en';

/** A gift card's mail to its recipient: the subject, the lines, and the words of its booking link. */
export function giftCardMailWords(
  localeAsked: string | null | undefined,
  card: { name: string; supplier: string; title: string; code: string; expirationDate: string },
): { subject: string; lines: string[]; bookWithIt: string } {
  const locale = mailLocale(localeAsked);
  const w = words[locale];
  const values = {
    name: card.name,
    supplier: card.supplier,
    title: card.title,
    code: card.code,
    expires: formatDayShortMonth(card.expirationDate, locale),
  };
  return {
    subject: fillWords(w.cardSubject, values),
    lines: [fillWords(w.hello, values), fillWords(w.cardFrom, values), fillWords(w.cardNumber, values)],
    bookWithIt: w.bookWithIt,
  };
}

/** How a card bought in the store reaches its recipient. */
export type StoreCardDelivery = { kind: 'letter' } | { kind: 'hotel' } | { kind: 'email'; email: string };

/** The payer's receipt: the subject and its lines, every card with its delivery and price, then the total. */
export function storeReceiptWords(
  localeAsked: string | null | undefined,
  receipt: {
    payerName: string;
    supplier: string;
    reference: string;
    currency: string;
    total: number;
    cards: { title: string; name: string; code: string; price: number; delivery: StoreCardDelivery }[];
  },
): { subject: string; lines: string[] } {
  const locale = mailLocale(localeAsked);
  const w = words[locale];
  const money = (amount: number) => formatMoney(amount, receipt.currency, locale);
  const delivery = (d: StoreCardDelivery) =>
    d.kind === 'letter'
      ? w.byLetter
      : d.kind === 'hotel'
        ? w.atHotel
        : fillWords(w.byEmail, { email: d.email });
  const values = { name: receipt.payerName, supplier: receipt.supplier, reference: receipt.reference };
  return {
    subject: fillWords(w.receiptSubject, values),
    lines: [
      fillWords(w.hello, values),
      '',
      fillWords(w.receiptThanks, values),
      '',
      ...receipt.cards.map((c) =>
        fillWords(w.receiptCard, {
          title: c.title,
          name: c.name,
          delivery: delivery(c.delivery),
          code: c.code,
          price: money(c.price),
        }),
      ),
      '',
      fillWords(w.totalPaid, { total: money(receipt.total) }),
    ],
  };
}
