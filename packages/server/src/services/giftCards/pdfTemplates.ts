import { pdfSectionErrors } from '@tern/core';
import type {
  FilledSection,
  FilledSections,
  filledSectionsBody,
  PdfSection,
  PdfSectionKind,
  PdfTemplate,
} from '@tern/sdk';
import type { z } from 'zod';
import type { Db } from '../../db/db.js';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import { ownedUploads, uploadFileOf } from '../uploads/uploads.js';

// PDF templates and a type's filled sections (document 3 §3, §5, §7 pdf_templates / filled_sections): the
// built-in templates (no property) and a property's own; a type prints with its chosen template, else the
// property's default, else the built-in default. A filled section overrides its template section's look.

type Body = z.output<typeof filledSectionsBody>;

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
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         on conflict (gift_card_type_id, pdf_section_id) do update set
           text = excluded.text, font = excluded.font, font_size = excluded.font_size,
           text_align = excluded.text_align, fill_color = excluded.fill_color, opacity = excluded.opacity,
           padding_top = excluded.padding_top, padding_bottom = excluded.padding_bottom,
           padding_left = excluded.padding_left, padding_right = excluded.padding_right,
           corner_radius = excluded.corner_radius, dash_size = excluded.dash_size, dash_space = excluded.dash_space,
           stretch = excluded.stretch, visible = excluded.visible, photo_url = excluded.photo_url,
           updated_at = now()`,
        [
          typeId,
          s.pdfSectionId,
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
        ],
      );
    }
    await tx.query('update gift_card_types set pdf_template_id = $2, updated_at = now() where id = $1', [
      typeId,
      templateId,
    ]);
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
