import {
  giftCardStoreOf,
  isOwnTextKind,
  isTextKind,
  PDF_STORE_FONTS_FALLBACK,
  type PdfDesignSection,
} from '@tern/core/giftCards';
import {
  type GiftCardType,
  PDF_FONTS,
  PDF_STORE_FONTS,
  type PdfPadding,
  type PdfSectionKind,
  pdfSectionKind,
} from '@tern/sdk';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ErrorState } from '../../components/ErrorState';
import { FormActions } from '../../components/FormFrame';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { Switch } from '../../components/Switch';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { useGiftCardDownload } from './giftCardFiles';
import './pdfEditor.css';
import { PdfPreview } from './PdfPreview';
import { filledDesign, ownDesign, type PdfEditorRef, savePdfDesign } from './usePdfEditor';

/** A typed number as the design keeps it: empty is none (NaN, which core's rules call required). */
const read = (value: number | null): number => value ?? Number.NaN;

const SECTION_KINDS: readonly PdfSectionKind[] = pdfSectionKind.options;
/** Fonts a section may choose: the store's two, then the embedded ones. */
const FONT_CHOICES = [...PDF_STORE_FONTS, ...PDF_FONTS] as const;

/**
 * The PDF tab of the type drawer (document 3 §3, §5, §7, §9), drawn from core's `pdfEditorMachine` (held by the
 * drawer, `usePdfEditor`): the template — a built-in one, whose look the type fills (its filled sections), or one
 * of the property's own, whose name and sections (added in free space, removed, each section's look) are the
 * design — each section within core's rules (`pdfEditorErrors`), a live preview (`PdfPreview.tsx`) where sections
 * are dragged or moved with the arrow keys, saved with its own button or the drawer's Save, and the server's PDF
 * of the saved design as a download (M37). New, duplicate and delete act on the property's templates at once.
 */
export function GiftCardPdfEditor({
  propertyId,
  type,
  readOnly,
  editor,
}: {
  propertyId: string;
  type: GiftCardType | null;
  readOnly: boolean;
  editor: PdfEditorRef;
}) {
  const { t } = useTranslation();
  if (type === null) return <p>{t('gift_card_pdfs.save_type_first')}</p>;
  return <Editor propertyId={propertyId} type={type} readOnly={readOnly} editor={editor} />;
}

function Editor({
  propertyId,
  type,
  readOnly,
  editor,
}: {
  propertyId: string;
  type: GiftCardType;
  readOnly: boolean;
  editor: PdfEditorRef;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const errorText = useErrorText();
  const download = useGiftCardDownload();
  const snapshot = useSelector(editor, (s) => s);
  const { send } = editor;
  const { templateId, draft, selected, newKind, errors, invalid } = snapshot.context;
  const templates = useApiQuery(['giftCardPdfs.templates', propertyId], (c, signal) =>
    c.giftCardPdfs.listTemplates({ query: { propertyId } }, { signal }),
  );
  const stores = useApiQuery(['stores.list', propertyId], (c, signal) =>
    c.stores.list({ query: { propertyId } }, { signal }),
  );
  const items = templates.data?.items ?? [];
  const chosenTemplate =
    templateId ?? type.pdfTemplateId ?? items.find((tpl) => tpl.default)?.id ?? items[0]?.id ?? null;
  const template = items.find((tpl) => tpl.id === chosenTemplate) ?? null;
  const own = template !== null && template.propertyId !== null;
  const filled = useApiQuery(
    ['giftCardPdfs.filled', type.id, chosenTemplate],
    (c, signal) =>
      c.giftCardPdfs.getFilledSections(
        { params: { id: type.id, templateId: chosenTemplate! }, query: { propertyId } },
        { signal },
      ),
    { enabled: chosenTemplate !== null && template !== null && !own },
  );
  // The chosen template's design, once its queries answer (the machine keeps it, and its edits, from then on).
  const loading = snapshot.matches('loading');
  useEffect(() => {
    if (!loading || !template) return;
    if (own) send({ type: 'design.load', templateId: template.id, design: ownDesign(template) });
    else if (filled.data)
      send({
        type: 'design.load',
        templateId: template.id,
        design: filledDesign(template, filled.data.sections),
      });
  }, [loading, template, own, filled.data, send]);

  // The store the type's cards print with: its first, else the property's first active one (its fonts).
  const cardStore = giftCardStoreOf(type.storeIds, stores.data?.items ?? []);
  const storeId = cardStore?.id ?? null;
  const store = useApiQuery(
    ['stores.get', storeId],
    (c, signal) => c.stores.get({ params: { id: storeId! }, query: { propertyId } }, { signal }),
    { enabled: storeId !== null },
  );
  const storeFonts = store.data
    ? { titleFont: store.data.titleFont, textFont: store.data.textFont }
    : PDF_STORE_FONTS_FALLBACK;
  // The preview's fonts wait for the store's (not the fallback's files first).
  const storeLoading = stores.isPending || (storeId !== null && store.isPending);

  const invalidAt = (index: number) => Object.keys(errors).some((k) => k.startsWith(`sections.${index}.`));
  const fieldError = (field: string) => {
    const key = errors[`sections.${selected}.${field}`];
    return key ? t(key) : null;
  };

  if (templates.error) return <Alert variant="error">{errorText(templates.error)}</Alert>;
  if (!draft || chosenTemplate === null || !template)
    return <p role="status">{t('gift_card_pdfs.loading')}</p>;

  const sections = draft.sections;
  const section = sections[selected];
  const change = (patch: Partial<PdfDesignSection>) => send({ type: 'section.change', patch });
  const pad = (side: keyof PdfPadding, value: number | null) =>
    section && change({ padding: { ...section.padding, [side]: read(value) } });
  const choose = (id: string) => send({ type: 'template.choose', templateId: id });
  const save = async () => {
    if ((await savePdfDesign(editor)) === null)
      toast.success(t('general.success_message'), t('gift_card_pdfs.saved', { title: type.title }));
  };
  const failed = snapshot.matches('failed');
  const boxError = fieldError('box');

  const kindWord = (s: PdfDesignSection) => t(`gift_card_pdfs.kinds.${s.kind}`);
  const fontWord = (font: string) =>
    font === 'store_title'
      ? t('gift_card_pdfs.fields.store_title_font', { font: storeFonts.titleFont })
      : font === 'store_text'
        ? t('gift_card_pdfs.fields.store_text_font', { font: storeFonts.textFont })
        : font;
  const off = readOnly || snapshot.hasTag('busy');
  const addSection = { type: 'section.add', name: t(`gift_card_pdfs.kinds.${newKind}`) } as const;
  return (
    <div className="pdf-editor">
      <div className="stack pdf-editor__controls">
        {failed ? (
          <ErrorState onRetry={() => send({ type: 'user.retry' })}>
            {errorText(snapshot.context.error)}
          </ErrorState>
        ) : invalid ? (
          <Alert variant="error">{t('gift_card_pdfs.invalid')}</Alert>
        ) : null}
        <Select
          label={t('gift_card_pdfs.template')}
          options={items.map((tpl) => ({
            id: tpl.id,
            label: tpl.default ? t('gift_card_pdfs.template_default', { name: tpl.name }) : tpl.name,
          }))}
          selectedKey={chosenTemplate}
          onSelectionChange={(id) => choose(id)}
          isDisabled={readOnly || !snapshot.can({ type: 'template.choose', templateId: chosenTemplate })}
        />
        {readOnly ? null : (
          <div className="pdf-editor__row">
            <Button
              variant="secondary"
              onPress={() => send({ type: 'template.new' })}
              isDisabled={!snapshot.can({ type: 'template.new' })}
            >
              {t('gift_card_pdfs.new_template')}
            </Button>
            <Button
              variant="secondary"
              onPress={() => send({ type: 'template.duplicate' })}
              isDisabled={!snapshot.can({ type: 'template.duplicate' })}
            >
              {t('gift_card_pdfs.duplicate_template')}
            </Button>
            {own ? (
              <Button
                variant="secondary"
                onPress={() => send({ type: 'template.delete' })}
                isDisabled={!snapshot.can({ type: 'template.delete' })}
              >
                {t('gift_card_pdfs.delete_template')}
              </Button>
            ) : null}
          </div>
        )}
        {own ? (
          <>
            <TextField
              label={t('gift_card_pdfs.template_name')}
              value={draft.name}
              onChange={(name) => send({ type: 'design.change', patch: { name } })}
              isRequired
              isDisabled={off}
              errorMessage={errors.name ? t(errors.name) : null}
            />
            <Checkbox
              isSelected={draft.isDefault}
              onChange={(isDefault) => send({ type: 'design.change', patch: { isDefault } })}
              isDisabled={off}
            >
              {t('gift_card_pdfs.template_is_default')}
            </Checkbox>
          </>
        ) : (
          <p className="pdf-editor__note">{t('gift_card_pdfs.built_in_note')}</p>
        )}
        <Select
          label={t('gift_card_pdfs.section')}
          options={sections.map((s, i) => {
            const name = `${s.name} — ${kindWord(s)}`;
            return {
              id: String(i),
              label: invalidAt(i) ? t('gift_card_pdfs.section_invalid', { name }) : name,
            };
          })}
          selectedKey={section ? String(selected) : null}
          onSelectionChange={(id) => send({ type: 'section.select', index: Number(id) })}
        />
        {own && !readOnly ? (
          <div className="pdf-editor__row">
            <Select
              label={t('gift_card_pdfs.new_section_kind')}
              options={SECTION_KINDS.map((k) => ({ id: k, label: t(`gift_card_pdfs.kinds.${k}`) }))}
              selectedKey={newKind}
              onSelectionChange={(k) => send({ type: 'section.kind', kind: k as PdfSectionKind })}
              isDisabled={off}
            />
            <Button
              variant="secondary"
              onPress={() => send(addSection)}
              isDisabled={!snapshot.can(addSection)}
            >
              {t('gift_card_pdfs.add_section')}
            </Button>
            {section ? (
              <Button
                variant="secondary"
                onPress={() => send({ type: 'section.remove' })}
                isDisabled={!snapshot.can({ type: 'section.remove' })}
              >
                {t('gift_card_pdfs.remove_section', { name: section.name })}
              </Button>
            ) : null}
          </div>
        ) : null}
        {section ? (
          <fieldset className="stack" aria-label={section.name}>
            {boxError ? <Alert variant="error">{boxError}</Alert> : null}
            {own ? (
              <TextField
                label={t('gift_card_pdfs.fields.section_name')}
                value={section.name}
                onChange={(name) => change({ name })}
                isRequired
                isDisabled={off}
                errorMessage={fieldError('name')}
              />
            ) : null}
            <Switch isSelected={section.visible} onChange={(visible) => change({ visible })} isDisabled={off}>
              {t('gift_card_pdfs.fields.visible')}
            </Switch>
            {isTextKind(section.kind) ? (
              <>
                <TextArea
                  label={t(
                    isOwnTextKind(section.kind)
                      ? 'gift_card_pdfs.fields.text'
                      : 'gift_card_pdfs.fields.label',
                  )}
                  value={section.text}
                  onChange={(text) => change({ text })}
                  isRequired={isOwnTextKind(section.kind)}
                  isDisabled={off}
                  errorMessage={fieldError('text')}
                />
                <Select
                  label={t('gift_card_pdfs.fields.font')}
                  options={FONT_CHOICES.map((f) => ({ id: f, label: fontWord(f) }))}
                  selectedKey={section.font}
                  onSelectionChange={(font) => change({ font: font as PdfDesignSection['font'] })}
                  isDisabled={off}
                  errorMessage={fieldError('font')}
                />
                <NumberField
                  label={t('gift_card_pdfs.fields.font_size')}
                  value={section.fontSize}
                  onChange={(v) => change({ fontSize: read(v) })}
                  isDisabled={off}
                  errorMessage={fieldError('fontSize')}
                />
                <Select
                  label={t('gift_card_pdfs.fields.text_align')}
                  options={(['left', 'center', 'right'] as const).map((a) => ({
                    id: a,
                    label: t(`gift_card_pdfs.fields.align.${a}`),
                  }))}
                  selectedKey={section.textAlign}
                  onSelectionChange={(a) => change({ textAlign: a as PdfDesignSection['textAlign'] })}
                  isDisabled={off}
                />
              </>
            ) : null}
            {section.kind === 'image' || section.kind === 'background' ? (
              <>
                <Select
                  label={t('gift_card_pdfs.fields.photo')}
                  options={[
                    { id: '-', label: t('gift_card_pdfs.fields.photo_of_type') },
                    ...type.photos.map((p, i) => ({ id: p.url, label: `${i + 1}` })),
                  ]}
                  selectedKey={section.photoUrl ?? '-'}
                  onSelectionChange={(url) => change({ photoUrl: url === '-' ? null : url })}
                  isDisabled={off}
                />
                <Checkbox
                  isSelected={section.stretch}
                  onChange={(stretch) => change({ stretch })}
                  isDisabled={off}
                >
                  {t('gift_card_pdfs.fields.stretch')}
                </Checkbox>
              </>
            ) : null}
            <TextField
              label={t('gift_card_pdfs.fields.fill_color')}
              value={section.fillColor}
              onChange={(fillColor) => change({ fillColor })}
              isDisabled={off}
              errorMessage={fieldError('fillColor')}
            />
            <NumberField
              label={t('gift_card_pdfs.fields.opacity')}
              value={section.opacity}
              onChange={(v) => change({ opacity: read(v) })}
              isDisabled={off}
              errorMessage={fieldError('opacity')}
            />
            <fieldset className="pdf-editor__padding">
              <legend>{t('gift_card_pdfs.fields.padding')}</legend>
              {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
                <NumberField
                  key={side}
                  label={t(`gift_card_pdfs.fields.padding_${side}`)}
                  value={section.padding[side]}
                  onChange={(v) => pad(side, v)}
                  isDisabled={off}
                  errorMessage={fieldError(`padding.${side}`)}
                />
              ))}
            </fieldset>
            {['rectangle', 'color_fill', 'dashed_box'].includes(section.kind) ? (
              <NumberField
                label={t('gift_card_pdfs.fields.corner_radius')}
                value={section.cornerRadius}
                onChange={(v) => change({ cornerRadius: read(v) })}
                isDisabled={off}
                errorMessage={fieldError('cornerRadius')}
              />
            ) : null}
            {section.kind === 'dashed_box' ? (
              <>
                <NumberField
                  label={t('gift_card_pdfs.fields.dash_size')}
                  value={section.dashSize}
                  onChange={(v) => change({ dashSize: read(v) })}
                  isDisabled={off}
                  errorMessage={fieldError('dashSize')}
                />
                <NumberField
                  label={t('gift_card_pdfs.fields.dash_space')}
                  value={section.dashSpace}
                  onChange={(v) => change({ dashSpace: read(v) })}
                  isDisabled={off}
                  errorMessage={fieldError('dashSpace')}
                />
              </>
            ) : null}
          </fieldset>
        ) : null}
        <FormActions>
          <Button
            variant="secondary"
            isDisabled={download.busy}
            onPress={() =>
              download.start(
                () => client.giftCardPdfs.typePreview({ params: { id: type.id }, query: { propertyId } }),
                'gift-card-preview.pdf',
              )
            }
          >
            {t('gift_card_pdfs.download_preview')}
          </Button>
          {readOnly ? null : (
            <Button onPress={() => void save()} isDisabled={!snapshot.can({ type: 'design.save' })}>
              {t('gift_card_pdfs.save')}
            </Button>
          )}
        </FormActions>
      </div>
      <figure className="pdf-editor__preview">
        <PdfPreview
          sections={sections}
          type={type}
          store={storeFonts}
          storeSlug={cardStore?.slugName}
          storeLoading={storeLoading}
          moves={
            off
              ? undefined
              : {
                  onMove: (index, dx, dy) => send({ type: 'section.move', index, dx, dy }),
                  onSelect: (index) => send({ type: 'section.select', index }),
                }
          }
        />
        <figcaption>{t('gift_card_pdfs.preview_note')}</figcaption>
      </figure>
      <AlertDialog
        title={t('gift_card_pdfs.delete_template_title', { name: template.name })}
        isOpen={snapshot.matches('confirmingDelete')}
        // Open while the machine asks: Cancel, Escape and a click outside send `delete.cancel`.
        onOpenChange={() => {}}
        confirmLabel={t('gift_card_pdfs.delete_template')}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
        cancelLabel={t('gift_cards.cancel')}
        destructive
      >
        {t('gift_card_pdfs.delete_template_question')}
      </AlertDialog>
    </div>
  );
}
