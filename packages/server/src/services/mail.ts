import type { ListMeta, OutboxMail } from '@tern/sdk';
import type { Db } from '../db/db.js';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /** Build it with the `html` tag so values are escaped; derived from `text` when absent. */
  html?: string | null;
  /** What the mail is about: `otp_code`, `password_reset`, `booking_confirmation`… */
  kind: string;
  /** When it was written (the injected clock's now); the database's time when absent. */
  at?: Date;
  /** Files it carries (a gift card's PDF), kept in `outbox_mail_attachments`. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => entities[ch]!);
}

/** A template tag for mail HTML: every interpolated value is escaped. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? escapeHtml(values[i]) : ''), '');
}

/** Plain text as simple HTML paragraphs, escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * Writes an e-mail to the outbox. Pass the caller's transaction as `db` so the mail exists exactly when the
 * change it announces does.
 */
export async function sendMail(db: Db, mail: MailInput): Promise<{ id: string }> {
  const row = await db.one<{ id: string }>(
    `insert into outbox_mails ("to", subject, text, html, kind, created_at)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) returning id`,
    [mail.to, mail.subject, mail.text, mail.html ?? textToHtml(mail.text), mail.kind, mail.at ?? null],
  );
  for (const [position, file] of (mail.attachments ?? []).entries())
    await db.query(
      `insert into outbox_mail_attachments (mail_id, position, file_name, content_type, content)
       values ($1, $2, $3, $4, $5)`,
      [row!.id, position, file.fileName, file.contentType, file.content],
    );
  return row!;
}

interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  created_at: Date;
  attachments: { fileName: string; contentType: string; size: number }[];
}

const toMail = (row: MailRow): OutboxMail => ({
  id: row.id,
  type: 'mail',
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  kind: row.kind,
  createdAt: row.created_at.toISOString(),
  attachments: row.attachments,
});

const columns = `id, "to", subject, text, html, kind, created_at,
  coalesce((select jsonb_agg(jsonb_build_object('fileName', a.file_name, 'contentType', a.content_type,
                                                'size', octet_length(a.content)) order by a.position)
              from outbox_mail_attachments a where a.mail_id = outbox_mails.id), '[]'::jsonb) as attachments`;

/** An attachment's file (the sandbox's outbox reader downloads it). */
export async function mailAttachment(
  db: Db,
  id: string,
  position: number,
): Promise<{ fileName: string; contentType: string; content: Uint8Array } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db.one<{ file_name: string; content_type: string; content: Uint8Array }>(
    'select file_name, content_type, content from outbox_mail_attachments where mail_id = $1 and position = $2',
    [id, position],
  );
  return row ? { fileName: row.file_name, contentType: row.content_type, content: row.content } : null;
}

/** The outbox, newest first, filtered by recipient (any case) and kind, one page. */
export async function listMails(
  db: Db,
  filter: { to?: string | undefined; kind?: string | undefined; page: number; limit: number },
): Promise<{ items: OutboxMail[]; meta: ListMeta }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.to) {
    params.push(filter.to.trim());
    where.push(`lower("to") = lower($${params.length})`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    where.push(`kind = $${params.length}`);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const total = await db.one<{ n: number }>(`select count(*)::int as n from outbox_mails ${clause}`, params);
  const rows = await db.query<MailRow>(
    `select ${columns} from outbox_mails ${clause} order by seq desc
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, filter.limit, (filter.page - 1) * filter.limit],
  );
  return { items: rows.map(toMail), meta: { page: filter.page, limit: filter.limit, total: total?.n ?? 0 } };
}

export async function findMail(db: Db, id: string): Promise<OutboxMail | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db.one<MailRow>(`select ${columns} from outbox_mails where id = $1`, [id]);
  return row ? toMail(row) : null;
}
