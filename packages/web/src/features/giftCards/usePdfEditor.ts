import { useQueryClient } from '@tanstack/react-query';
import {
  newPdfSection,
  type PdfDesign,
  type PdfSaveInput,
  type PdfTemplateActionInput,
  pdfEditorMachine,
  pdfLookOf,
} from '@tern/core/giftCards';
import type { FilledSection, PdfTemplate } from '@tern/sdk';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';

export type PdfEditorRef = ActorRefFrom<typeof pdfEditorMachine>;

/** A built-in template as the type fills it: its filled sections. */
export const filledDesign = (
  template: Pick<PdfTemplate, 'name' | 'default'>,
  filled: FilledSection[],
): PdfDesign => ({
  own: false,
  name: template.name,
  isDefault: template.default,
  sections: filled.map((s) => ({ ...s, key: s.pdfSectionId, id: s.pdfSectionId })),
});
/** A property's own template: its sections are the design. */
export const ownDesign = (template: PdfTemplate): PdfDesign => ({
  own: true,
  name: template.name,
  isDefault: template.default,
  sections: template.pdfSections.map((s) => ({ ...s, key: s.id })),
});

const templatesKey = (propertyId: string) => ['giftCardPdfs.templates', propertyId];

/**
 * Core's `pdfEditorMachine` for one type's PDF tab, held by the type drawer (its Save saves the design too, its
 * Cancel asks while the design is dirty, and edits outlive a switch of tabs). Its actors save a design (a
 * property's own template, or the type's filled sections of a built-in one) and make, duplicate or delete a
 * template, keeping the queries' data in step.
 */
export function usePdfEditor(propertyId: string, typeId: string | null): PdfEditorRef {
  const { t } = useTranslation();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(() => {
    const pdfs = client.giftCardPdfs;
    const saveDesign = async ({ templateId, design }: PdfSaveInput): Promise<PdfDesign> => {
      // The type now prints with this template (`pdfTemplateId`): the types page's lists read it again.
      const typesChanged = () => void queryClient.invalidateQueries({ queryKey: ['giftCards', 'types'] });
      if (design.own) {
        const saved = await pdfs.updateTemplate({
          params: { id: templateId },
          body: {
            propertyId,
            name: design.name,
            default: design.isDefault,
            giftCardTypeId: typeId,
            pdfSections: design.sections.map((s) => ({
              id: s.id,
              kind: s.kind,
              name: s.name,
              ...pdfLookOf(s),
            })),
          },
        });
        void queryClient.invalidateQueries({ queryKey: templatesKey(propertyId) });
        typesChanged();
        return ownDesign(saved);
      }
      const saved = await pdfs.putFilledSections({
        params: { id: typeId!, templateId },
        body: {
          propertyId,
          sections: design.sections.map((s) => ({ pdfSectionId: s.id!, ...pdfLookOf(s) })),
        },
      });
      queryClient.setQueryData(['giftCardPdfs.filled', typeId, templateId], saved);
      typesChanged();
      return filledDesign({ name: design.name, default: design.isDefault }, saved.sections);
    };
    /** New, duplicate, delete: the property's templates change at once; the one to show next. */
    const changeTemplates = async ({ action, templateId, own }: PdfTemplateActionInput): Promise<string> => {
      let made: PdfTemplate | null = null;
      if (action === 'new')
        made = await pdfs.createTemplate({
          body: {
            propertyId,
            name: t('gift_card_pdfs.new_template_name'),
            pdfSections: [
              newPdfSection('color_fill', t('gift_card_pdfs.kinds.color_fill'), 'n0'),
              newPdfSection('title', t('gift_card_pdfs.kinds.title'), 'n1', 0),
            ].map(({ key: _key, position: _position, ...s }) => s),
          },
        });
      else if (action === 'duplicate')
        made = await pdfs.duplicateTemplate({
          params: { id: templateId },
          body: { propertyId, giftCardTypeId: own ? null : typeId },
        });
      else await pdfs.deleteTemplate({ params: { id: templateId }, query: { propertyId } });
      const { items } = await pdfs.listTemplates({ query: { propertyId } });
      queryClient.setQueryData(templatesKey(propertyId), { items });
      return made?.id ?? items.find((tpl) => tpl.default)?.id ?? items[0]!.id;
    };
    return pdfEditorMachine.provide({
      actors: {
        saveDesign: fromPromise<PdfDesign, PdfSaveInput>(({ input }) => saveDesign(input)),
        changeTemplates: fromPromise<string, PdfTemplateActionInput>(({ input }) => changeTemplates(input)),
      },
    });
  }, [client, queryClient, propertyId, typeId, t]);
  return useActorRef(logic);
}

/**
 * Sends `design.save` and waits for its answer: `null` once saved; the failure, or `'invalid'` when core's rules
 * refused the design before any call.
 */
export function savePdfDesign(editor: PdfEditorRef): Promise<null | 'invalid' | object> {
  return new Promise((resolve) => {
    const subscriptions: { unsubscribe: () => void }[] = [];
    const settle = (answer: null | 'invalid' | object) => {
      for (const s of subscriptions) s.unsubscribe();
      resolve(answer);
    };
    subscriptions.push(
      editor.on('design.saved', () => settle(null)),
      editor.on('design.failed', ({ error }) => settle(error)),
    );
    editor.send({ type: 'design.save' });
    if (!editor.getSnapshot().hasTag('busy')) settle('invalid');
  });
}
