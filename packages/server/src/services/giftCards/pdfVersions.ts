import type { Db } from '../../db/db.js';

// A purchase's PDFs are versioned (`pdfs_version`; its zip is fresh while `zip_version` matches): triggers bump
// it when a card, its type or its store changes; what they cannot see is bumped here. Its own module, so the
// templates (pdfTemplates.ts) need not import the purchases, which import the types, which import the templates.

/**
 * What a purchase's PDFs show changed outside a trigger's reach (a template's sections, a type's filled
 * sections): the purchases of these types get a new version, and those with a zip the job that makes it again.
 */
export async function purchasePdfsChanged(db: Db, typeIds: readonly string[]): Promise<void> {
  if (typeIds.length === 0) return;
  await db.query(
    `select gift_card_purchase_pdfs_changed(array(
       select id from gift_card_purchases where gift_card_type_id = any($1::uuid[])))`,
    [[...typeIds]],
  );
}
