import { pdfBorderErrors, pdfSectionErrors } from '@tern/core/giftCards';
import type {
  FilledSection,
  FilledSections,
  filledSectionsBody,
  PdfSection,
  PdfSectionKind,
  PdfSectionLook,
  PdfTemplate,
  pdfTemplateBody,
  pdfTemplateDuplicateBody,
} from '@tern/sdk';
import { PDF_TEMPLATE_NAME_MAX } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import { ownedUploads, uploadFileOf } from '../uploads/uploads.js';
import { purchasePdfsChanged } from './pdfVersions.js';

// PDF templates and a type's filled sections (document 3 §3, §5, §7 pdf_templates / filled_sections): the
// built-in templates (no property) and a property's own; a type prints with its chosen template, else the
// property's default, else the built-in default. A filled section overrides its template section's look.

type Body = z.output<typeof filledSectionsBody>;
type TemplateBody = z.output<typeof pdfTemplateBody>;
type DuplicateBody = z.output<typeof pdfTemplateDuplicateBody>;

const LOOK = `text, font, font_size, text_align, fill_color, opacity, padding_top, padding_bottom, padding_left,
  padding_right, corner_radius, dash_size, dash_space, stretch, visible, photo_url`;

interface LookRow {
  text: string;
  font: string;
  font_size: number;
  text_align: string;
  fill_color: string;
  opacity: string;
  padding_top: number;
  padding_bottom: number;
  padding_left: number;
  padding_right: number;
  corner_radius: number;
  dash_size: number;
  dash_space: number;
  stretch: boolean;
  visible: boolean;
  photo_url: string | null;
}
interface SectionRow extends LookRow {
  id: string;
  template_id: string;
  kind: PdfSectionKind;
  name: string;
  position: number;
}

function lookOf(r: LookRow) {
  return {
    text: r.text,
    font: r.font as PdfSection['font'],
    fontSize: Number(r.font_size),
    textAlign: r.text_align as PdfSection['textAlign'],
    fillColor: r.fill_color,
    opacity: Number(r.opacity),
    padding: {
      top: Number(r.padding_top),
      bottom: Number(r.padding_bottom),
      left: Number(r.padding_left),
      right: Number(r.padding_right),
    },
    cornerRadius: Number(r.corner_radius),
    dashSize: Number(r.dash_size),
    dashSpace: Number(r.dash_space),
    stretch: r.stretch,
    visible: r.visible,
    photoUrl: r.photo_url,
  };
}

const sectionOf = (r: SectionRow): PdfSection => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  position: Number(r.position),
  ...lookOf(r),
});

/** Templates a property may use: the built-in ones and its own. */
const VISIBLE = '(t.property_id is null or t.property_id = $1)';

/** The PDF templates of a property (built in first, then its own; by name), each with its sections. */
export async function listPdfTemplates(db: Db, propertyId: string): Promise<{ items: PdfTemplate[] }> {
  const templates = await db.query<{
    id: string;
    name: string;
    is_default: boolean;
    property_id: string | null;
  }>(
    `select t.id, t.name, t.is_default, t.property_id from pdf_templates t
      where ${VISIBLE} order by t.property_id nulls first, t.name, t.id`,
    [propertyId],
  );
  const sections = await db.query<SectionRow>(
    `select s.id, s.template_id, s.kind, s.name, s.position, ${LOOK.replaceAll(/\b(\w+)\b/g, 's.$1')}
       from pdf_sections s join pdf_templates t on t.id = s.template_id
      where ${VISIBLE} order by s.template_id, s.position`,
    [propertyId],
  );
  const ownDefault = templates.some((t) => t.property_id !== null && t.is_default);
  return {
    items: templates.map((t) => ({
      id: t.id,
      type: 'pdfTemplate' as const,
      name: t.name,
      // A property's own default wins over the built-in one.
      default: t.is_default && (t.property_id !== null || !ownDefault),
      propertyId: t.property_id,
      pdfSections: sections.filter((s) => s.template_id === t.id).map(sectionOf),
    })),
  };
}

/** One template the property may use; 404 `pdf_template_not_found` otherwise. */
export async function getPdfTemplate(db: Db, propertyId: string, templateId: string): Promise<PdfTemplate> {
  const { items } = await listPdfTemplates(db, propertyId);
  const template = items.find((t) => t.id === templateId);
  if (!template) throw notFound('pdf_template_not_found');
  return template;
}

/** The template a type prints with: its chosen one (when the property may use it), else the default. */
async function templateOfType(
  db: Db,
  propertyId: string,
  typeId: string,
): Promise<{ templateId: string; chosen: boolean }> {
  const row = await db.one<{ chosen: string | null; fallback: string | null }>(
    `select (select t.id from pdf_templates t join gift_card_types g on g.pdf_template_id = t.id
              where g.id = $2 and ${VISIBLE}) as chosen,
            (select t.id from pdf_templates t where ${VISIBLE} and t.is_default
              order by t.property_id nulls last limit 1) as fallback`,
    [propertyId, typeId],
  );
  if (row?.chosen) return { templateId: row.chosen, chosen: true };
  if (!row?.fallback) throw notFound('pdf_template_not_found');
  return { templateId: row.fallback, chosen: false };
}

/** A type's sections of a template: its filled ones over the template's defaults, in drawing order. */
async function filledOf(db: Db, typeId: string, templateId: string): Promise<FilledSection[]> {
  const rows = await db.query<SectionRow & { filled_id: string | null }>(
    `select s.id, s.template_id, s.kind, s.name, s.position, f.id as filled_id,
        ${LOOK.split(',')
          .map((c) => c.trim())
          .map((c) => `coalesce(f.${c}, s.${c}) as ${c}`)
          .join(', ')}
       from pdf_sections s
       left join gift_card_type_pdf_sections f on f.pdf_section_id = s.id and f.gift_card_type_id = $2
      where s.template_id = $1
      order by s.position`,
    [templateId, typeId],
  );
  return rows.map((r) => ({
    id: r.filled_id,
    pdfSectionId: r.id,
    kind: r.kind,
    name: r.name,
    position: Number(r.position),
    ...lookOf(r),
  }));
}

/** What a type prints: its template and the filled sections of it. */
export async function sectionsOfType(
  db: Db,
  propertyId: string,
  typeId: string,
): Promise<{ templateId: string; sections: FilledSection[] }> {
  const { templateId } = await templateOfType(db, propertyId, typeId);
  return { templateId, sections: await filledOf(db, typeId, templateId) };
}

/** A type's filled sections of a template the property may use. */
export async function getFilledSections(
  db: Db,
  propertyId: string,
  typeId: string,
  templateId: string,
): Promise<FilledSections> {
  await getPdfTemplate(db, propertyId, templateId);
  const printing = await templateOfType(db, propertyId, typeId);
  return {
    giftCardTypeId: typeId,
    pdfTemplateId: templateId,
    chosen: printing.templateId === templateId,
    sections: await filledOf(db, typeId, templateId),
  };
}

/**
 * Saves a type's filled sections of a template — every section of it once, each within its limits — and makes
 * it the type's template, in one transaction under the type's row lock. An archived type is read-only (409).
 */
export async function putFilledSections(
  db: Db,
  actor: Actor,
  propertyId: string,
  typeId: string,
  templateId: string,
  body: Body,
): Promise<FilledSections> {
  const template = await getPdfTemplate(db, propertyId, templateId);
  const byId = new Map(template.pdfSections.map((s) => [s.id, s]));
  const fields = [];
  for (const [index, input] of body.sections.entries()) {
    const section = byId.get(input.pdfSectionId);
    if (!section) {
      fields.push(fieldError(`sections.${index}.pdfSectionId`, 'pdf_section_not_in_template'));
      continue;
    }
    for (const field of Object.keys(pdfSectionErrors(section.kind, input))) {
      fields.push(fieldError(`sections.${index}.${field}`, 'invalid_input'));
    }
  }
  const missing = template.pdfSections.filter((s) => !body.sections.some((i) => i.pdfSectionId === s.id));
  if (missing.length > 0) {
    fields.push(
      fieldError('sections', 'pdf_sections_missing', { names: missing.map((s) => s.name).join(', ') }),
    );
  }
  if (fields.length === 0)
    fields.push(
      ...borderFields(
        'sections',
        body.sections.map((s) => ({ ...s, kind: byId.get(s.pdfSectionId)!.kind })),
      ),
    );
  // A photo is an upload of the property, as the type's own photos are.
  const files = body.sections.map((s) => (s.photoUrl === null ? null : uploadFileOf(s.photoUrl)));
  const own = await ownedUploads(
    db,
    { type: 'property', id: propertyId },
    files.filter((f): f is string => f !== null),
  );
  body.sections.forEach((s, index) => {
    const file = files[index];
    if (s.photoUrl !== null && (!file || !own.has(file))) {
      fields.push(fieldError(`sections.${index}.photoUrl`, 'unknown_photo'));
    }
  });
  if (fields.length > 0) throw badRequest('invalid_input', { fields });

  await db.transaction(async (tx) => {
    const type = await tx.one<{ status: string }>(
      'select status from gift_card_types where id = $1 for update',
      [typeId],
    );
    if (!type) throw notFound('gift_card_type_not_found');
    if (type.status === 'archived') throw conflict('gift_card_type_archived');
    for (const s of body.sections) {
      await tx.query(
        `insert into gift_card_type_pdf_sections (gift_card_type_id, pdf_section_id, ${LOOK})
         values ($1, $2, ${LOOK_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})
         on conflict (gift_card_type_id, pdf_section_id) do update set
           ${LOOK_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()`,
        [typeId, s.pdfSectionId, ...lookValues(s)],
      );
    }
    await tx.query('update gift_card_types set pdf_template_id = $2, updated_at = now() where id = $1', [
      typeId,
      templateId,
    ]);
    await purchasePdfsChanged(tx, [typeId]);
    await audit(tx, actor, {
      objectType: 'giftCardType',
      objectId: typeId,
      action: 'pdf_sections',
      before: null,
      after: { pdfTemplateId: templateId, sections: body.sections.length },
    });
  });
  return getFilledSections(db, propertyId, typeId, templateId);
}

/** A type's chosen template (the type form's `pdfTemplateId`): none, or one the property may use; else 404. */
export async function checkTypeTemplate(
  db: Db,
  propertyId: string,
  templateId: string | null,
): Promise<void> {
  if (templateId === null) return;
  const row = await db.one<{ id: string }>(
    `select t.id from pdf_templates t where t.id = $2 and ${VISIBLE}`,
    [propertyId, templateId],
  );
  if (!row)
    throw new HttpError(404, 'pdf_template_not_found', {
      fields: [fieldError('pdfTemplateId', 'pdf_template_not_found')],
    });
}

// ---------------------------------------------------------------------------------------------------------------
// A property's own templates (document 3 §3): made, changed, duplicated and deleted by its staff. Their sections
// are the design itself — types that print with one show it as saved — while a built-in template is changed per
// type through its filled sections (or duplicated into an own one).

/** The photo of each section: an upload of the property, else the field's error. */
async function photoErrors(
  db: Db,
  propertyId: string,
  sections: readonly { photoUrl: string | null }[],
  prefix: string,
) {
  const files = sections.map((s) => (s.photoUrl === null ? null : uploadFileOf(s.photoUrl)));
  const own = await ownedUploads(
    db,
    { type: 'property', id: propertyId },
    files.filter((f): f is string => f !== null),
  );
  return sections.flatMap((s, index) => {
    const file = files[index];
    return s.photoUrl !== null && (!file || !own.has(file))
      ? [fieldError(`${prefix}.${index}.photoUrl`, 'unknown_photo')]
      : [];
  });
}

/** A template's sections checked with core's rules (document 3 §5), their ids among `kept`, their photos the property's. */
async function checkTemplateSections(
  db: Db,
  propertyId: string,
  body: TemplateBody,
  kept: ReadonlySet<string>,
): Promise<void> {
  const fields = [];
  for (const [index, section] of body.pdfSections.entries()) {
    if (section.id !== null && !kept.has(section.id))
      fields.push(fieldError(`pdfSections.${index}.id`, 'pdf_section_not_in_template'));
    for (const field of Object.keys(pdfSectionErrors(section.kind, section)))
      fields.push(fieldError(`pdfSections.${index}.${field}`, 'invalid_input'));
  }
  if (fields.length === 0) fields.push(...borderFields('pdfSections', body.pdfSections));
  fields.push(...(await photoErrors(db, propertyId, body.pdfSections, 'pdfSections')));
  if (fields.length > 0) throw badRequest('invalid_input', { fields });
}

/** Core's rule that no text meets a dashed box's border (`pdfBorderErrors`), as field errors of the list `list`. */
const borderFields = (list: string, sections: Parameters<typeof pdfBorderErrors>[0]) =>
  Object.keys(pdfBorderErrors(sections)).map((key) =>
    fieldError(key.replace(/^sections\./, `${list}.`), 'invalid_input'),
  );

const LOOK_COLUMNS = LOOK.split(',').map((c) => c.trim());
const lookValues = (s: PdfSectionLook) => [
  s.text,
  s.font,
  s.fontSize,
  s.textAlign,
  s.fillColor,
  s.opacity,
  s.padding.top,
  s.padding.bottom,
  s.padding.left,
  s.padding.right,
  s.cornerRadius,
  s.dashSize,
  s.dashSpace,
  s.stretch,
  s.visible,
  s.photoUrl,
];

async function insertSection(
  tx: Db,
  templateId: string,
  position: number,
  s: PdfSectionLook & { kind: PdfSectionKind; name: string },
): Promise<void> {
  await tx.query(
    `insert into pdf_sections (template_id, kind, name, position, ${LOOK})
     values ($1, $2, $3, $4, ${LOOK_COLUMNS.map((_, i) => `$${i + 5}`).join(', ')})`,
    [templateId, s.kind, s.name, position, ...lookValues(s)],
  );
}

/** The type (of the property, not archived) prints with the template from now on, as the template shows it. */
async function chooseForType(tx: Db, typeId: string, templateId: string): Promise<void> {
  const type = await tx.one<{ status: string }>(
    'select status from gift_card_types where id = $1 for update',
    [typeId],
  );
  if (!type) throw notFound('gift_card_type_not_found');
  if (type.status === 'archived') throw conflict('gift_card_type_archived');
  // Filled sections saved for this template before it was the property's own design are dropped: it prints as saved.
  await tx.query(
    `delete from gift_card_type_pdf_sections
      where gift_card_type_id = $1 and pdf_section_id in (select id from pdf_sections where template_id = $2)`,
    [typeId, templateId],
  );
  await tx.query('update gift_card_types set pdf_template_id = $2, updated_at = now() where id = $1', [
    typeId,
    templateId,
  ]);
}

/** The property's own default is this one alone (the index keeps one per property). */
async function takeDefault(tx: Db, propertyId: string, templateId: string | null): Promise<void> {
  await tx.query(
    `update pdf_templates set is_default = false where property_id = $1 and is_default and id is distinct from $2`,
    [propertyId, templateId],
  );
}

/** The types of a property whose cards print with a template: chosen, or by default. */
async function typesPrintingWith(tx: Db, propertyId: string, templateId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select g.id from gift_card_types g
      where g.property_id = $1
        and (g.pdf_template_id = $2
             or (g.pdf_template_id is null and exists (
                   select 1 from pdf_templates t where t.id = $2 and t.is_default and t.property_id = $1)))`,
    [propertyId, templateId],
  );
  return rows.map((r) => r.id);
}

const templateTrail = (body: TemplateBody) => ({
  name: body.name,
  default: body.default,
  sections: body.pdfSections.map((s) => `${s.kind}:${s.name}`),
});

/** A new template of the property (document 3 §3); with `giftCardTypeId`, that type prints with it. */
export async function createPdfTemplate(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: TemplateBody,
): Promise<PdfTemplate> {
  await checkTemplateSections(db, propertyId, body, new Set());
  const id = await db.transaction(async (tx) => {
    if (body.default) await takeDefault(tx, propertyId, null);
    const row = (await tx.one<{ id: string }>(
      'insert into pdf_templates (property_id, name, is_default) values ($1, $2, $3) returning id',
      [propertyId, body.name, body.default],
    ))!;
    for (const [position, section] of body.pdfSections.entries())
      await insertSection(tx, row.id, position, section);
    if (body.giftCardTypeId) await chooseForType(tx, body.giftCardTypeId, row.id);
    await audit(tx, actor, {
      objectType: 'pdfTemplate',
      objectId: row.id,
      action: 'create',
      before: null,
      after: templateTrail(body),
    });
    return row.id;
  });
  return getPdfTemplate(db, propertyId, id);
}

/** The property's own template under its row lock; 409 for a built-in one. */
async function ownTemplate(tx: Db, propertyId: string, templateId: string): Promise<PdfTemplate> {
  const row = await tx.one<{ property_id: string | null }>(
    'select property_id from pdf_templates where id = $1 for update',
    [templateId],
  );
  if (!row || (row.property_id !== null && row.property_id !== propertyId))
    throw notFound('pdf_template_not_found');
  if (row.property_id === null) throw conflict('pdf_template_built_in');
  return getPdfTemplate(tx, propertyId, templateId);
}

/**
 * Changes a template of the property: its name, default flag and sections — those sent with their id are kept
 * (and the types' filled sections of them), new ones added, those left out removed — in one transaction.
 */
export async function updatePdfTemplate(
  db: Db,
  actor: Actor,
  propertyId: string,
  templateId: string,
  body: TemplateBody,
): Promise<PdfTemplate> {
  await db.transaction(async (tx) => {
    const before = await ownTemplate(tx, propertyId, templateId);
    await checkTemplateSections(tx, propertyId, body, new Set(before.pdfSections.map((s) => s.id)));
    if (body.default) await takeDefault(tx, propertyId, templateId);
    await tx.query('update pdf_templates set name = $2, is_default = $3 where id = $1', [
      templateId,
      body.name,
      body.default,
    ]);
    const keep = body.pdfSections.flatMap((s) => (s.id ? [s.id] : []));
    await tx.query('delete from pdf_sections where template_id = $1 and not (id = any($2::uuid[]))', [
      templateId,
      keep,
    ]);
    // Positions change in two steps: out of the way (negative), then where they go (the pair is unique).
    await tx.query('update pdf_sections set position = -1 - position where template_id = $1', [templateId]);
    for (const [position, section] of body.pdfSections.entries()) {
      if (!section.id) {
        await insertSection(tx, templateId, position, section);
        continue;
      }
      await tx.query(
        `update pdf_sections set kind = $3, name = $4, position = $5,
           ${LOOK_COLUMNS.map((c, i) => `${c} = $${i + 6}`).join(', ')}
         where id = $1 and template_id = $2`,
        [section.id, templateId, section.kind, section.name, position, ...lookValues(section)],
      );
    }
    if (body.giftCardTypeId) await chooseForType(tx, body.giftCardTypeId, templateId);
    await purchasePdfsChanged(tx, await typesPrintingWith(tx, propertyId, templateId));
    await audit(tx, actor, {
      objectType: 'pdfTemplate',
      objectId: templateId,
      action: 'update',
      before: {
        name: before.name,
        default: before.default,
        sections: before.pdfSections.map((s) => `${s.kind}:${s.name}`),
      },
      after: templateTrail(body),
    });
  });
  return getPdfTemplate(db, propertyId, templateId);
}

/**
 * A copy of a template the property may use (built in or its own) as the property's own, not its default: the
 * template's sections, or a type's filled sections of it (the look the type's PDF tab shows).
 */
export async function duplicatePdfTemplate(
  db: Db,
  actor: Actor,
  propertyId: string,
  templateId: string,
  body: DuplicateBody,
): Promise<PdfTemplate> {
  const source = await getPdfTemplate(db, propertyId, templateId);
  const sections = body.giftCardTypeId
    ? await filledOf(db, body.giftCardTypeId, templateId)
    : source.pdfSections;
  const name = body.name ?? `${source.name} (copy)`.slice(0, PDF_TEMPLATE_NAME_MAX);
  const id = await db.transaction(async (tx) => {
    const row = (await tx.one<{ id: string }>(
      'insert into pdf_templates (property_id, name, is_default) values ($1, $2, false) returning id',
      [propertyId, name],
    ))!;
    for (const section of sections) await insertSection(tx, row.id, section.position, section);
    await audit(tx, actor, {
      objectType: 'pdfTemplate',
      objectId: row.id,
      action: 'duplicate',
      before: null,
      after: { from: templateId, name, giftCardTypeId: body.giftCardTypeId },
    });
    return row.id;
  });
  return getPdfTemplate(db, propertyId, id);
}

/** Deletes a template of the property: not a built-in one, nor one a type prints with by choice (409 naming them). */
export async function deletePdfTemplate(
  db: Db,
  actor: Actor,
  propertyId: string,
  templateId: string,
): Promise<undefined> {
  await db.transaction(async (tx) => {
    const before = await ownTemplate(tx, propertyId, templateId);
    const using = await tx.query<{ title: string }>(
      'select title from gift_card_types where pdf_template_id = $1 order by title limit 5',
      [templateId],
    );
    if (using.length > 0)
      throw conflict('pdf_template_in_use', { types: using.map((t) => t.title).join(', ') });
    // Types printing with it as the property's default print with the built-in default from now on.
    await purchasePdfsChanged(tx, await typesPrintingWith(tx, propertyId, templateId));
    await tx.query('delete from pdf_templates where id = $1', [templateId]);
    await audit(tx, actor, {
      objectType: 'pdfTemplate',
      objectId: templateId,
      action: 'delete',
      before: { name: before.name, default: before.default },
      after: null,
    });
  });
  return undefined;
}
