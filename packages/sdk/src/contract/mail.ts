import * as z from 'zod';
import { id, listOf, pageQuery, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

export const outboxMail = z.object({
  id: recordId,
  type: z.literal('mail'),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** What the mail is about, e.g. `password_reset`, `otp_code`, `booking_confirmation`. */
  kind: z.string(),
  createdAt: z.string(),
  /** Files it carries (a gift card's PDF), in order: `GET /api/v1/outbox/{id}/attachments/{position}`. */
  attachments: z
    .array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }))
    .default([]),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/**
 * The outbox of e-mails. Tern writes every e-mail here. It holds reset links and one-time codes, so only an admin
 * reads it; in sandbox mode (`--sandbox`, allowed only on a loopback address) anyone may, so the demo, `tern mail`
 * and tests can read codes and links.
 */
export const mailArea = defineArea('mail', {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/outbox',
    summary:
      'Lists e-mails in the outbox, newest first; `to` filters by recipient. Admins; anyone in sandbox mode.',
    access: ['admin'],
    sandboxPublic: true,
    query: z.object({
      to: z.string().max(200).optional(),
      kind: z.string().max(60).optional(),
      ...pageQuery,
    }),
    reply: 'list',
    response: listOf(outboxMail),
    errors: [401, 403],
  }),
  show: endpoint({
    method: 'GET',
    path: '/api/v1/outbox/{id}',
    summary: 'One e-mail of the outbox. Admins; anyone in sandbox mode.',
    access: ['admin'],
    owns: { id: 'unowned' },
    sandboxPublic: true,
    params: z.object({ id }),
    reply: 'resource',
    response: outboxMail,
    errors: [401, 403, 404],
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/v1/outbox/{id}/attachments/{position}',
    summary: 'A file an e-mail of the outbox carries (from 0). Admins; anyone in sandbox mode.',
    access: ['admin'],
    owns: { id: 'unowned' },
    sandboxPublic: true,
    params: z.object({ id, position: z.coerce.number().int().min(0).max(100) }),
    reply: 'file',
    response: z.unknown(),
    errors: [401, 403, 404],
  }),
});
