import { useQueryClient } from '@tanstack/react-query';
import {
  alignedX,
  giftCardBookingUrl,
  giftCardStoreOf,
  isOwnTextKind,
  isTextKind,
  linesThatFit,
  newPdfSection,
  PDF_SAMPLE_CODE,
  PDF_STORE_FONTS_FALLBACK,
  type PdfCardValues,
  type PdfDesign,
  type PdfDesignSection,
  type PdfStoreFonts,
  pdfDesignErrors,
  pdfDesignInput,
  pdfFontFace,
  pdfFontFileOf,
  plainTextOf,
  sectionBox,
  sectionWords,
  submitForm,
  wrapText,
} from '@tern/core';
import {
  type FilledSection,
  type FilledSections,
  type GiftCardType,
  PDF_FONTS,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  PDF_STORE_FONTS,
  type PdfPadding,
  type PdfSectionKind,
  type PdfSectionLook,
  type PdfTemplate,
  pdfSectionKind,
} from '@tern/sdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { useGiftCardDownload } from './giftCardFiles';
import './pdfEditor.css';
import { cssFamilyOf, measureIn, usePreviewFonts } from './previewFonts';

/** A typed number: empty is none (NaN, which core's rules call required). */
const read = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const shown = (v: number) => (Number.isNaN(v) ? '' : String(v));

const lookOf = (s: PdfDesignSection) => ({
  text: s.text,
  font: s.font,
  fontSize: s.fontSize,
  textAlign: s.textAlign,
  fillColor: s.fillColor,
  opacity: s.opacity,
  padding: s.padding,
  cornerRadius: s.cornerRadius,
  dashSize: s.dashSize,
  dashSpace: s.dashSpace,
  stretch: s.stretch,
  visible: s.visible,
  photoUrl: s.photoUrl,
});

/** A built-in template as the type fills it: its filled sections. */
const filledDesign = (template: PdfTemplate, filled: FilledSection[]): PdfDesign => ({
  own: false,
  name: template.name,
  isDefault: template.default,
  sections: filled.map((s) => ({ ...s, key: s.pdfSectionId, id: s.pdfSectionId })),
});
/** A property's own template: its sections are the design. */
const ownDesign = (template: PdfTemplate): PdfDesign => ({
  own: true,
  name: template.name,
  isDefault: template.default,
  sections: template.pdfSections.map((s) => ({ ...s, key: s.id })),
});

const SECTION_KINDS: readonly PdfSectionKind[] = pdfSectionKind.options;
/** Fonts a section may choose: the store's two, then the embedded ones. */
const FONT_CHOICES = [...PDF_STORE_FONTS, ...PDF_FONTS] as const;

/**
 * The PDF tab of the type drawer (document 3 §3, §5, §7, §9): the template — a built-in one, whose look the type
 * fills (its filled sections), or one of the property's own, whose name and sections (added, removed, each
 * section's look) are the design — each section within core's limits (`pdfDesignErrors`), a live preview drawn
 * in SVG from the same rules the server prints with (boxes from padding, words of each kind in the store's
 * fonts, text wrapped and clipped), saved with its own button through core's form machine (`submitForm` with
 * `pdfDesignInput`), and the server's PDF of the saved design as a download (M37). New, duplicate and delete
 * act on the property's templates at once.
 */
export function GiftCardPdfEditor({
  propertyId,
  type,
  readOnly,
}: {
  propertyId: string;
  type: GiftCardType | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  if (type === null) return <p>{t('gift_card_pdfs.save_type_first')}</p>;
  return <Editor propertyId={propertyId} type={type} readOnly={readOnly} />;
}

function Editor({
  propertyId,
  type,
  readOnly,
}: {
  propertyId: string;
  type: GiftCardType;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const download = useGiftCardDownload();
  const templates = useApiQuery(['giftCardPdfs.templates', propertyId], (c, signal) =>
    c.giftCardPdfs.listTemplates({ query: { propertyId } }, { signal }),
  );
  const stores = useApiQuery(['stores.list', propertyId], (c, signal) =>
    c.stores.list({ query: { propertyId } }, { signal }),
  );
  const items: PdfTemplate[] = templates.data?.items ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
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
  const [draft, setDraft] = useState<PdfDesign | null>(null);
  const [selected, setSelected] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [newKind, setNewKind] = useState<PdfSectionKind>('text');
  const [deleting, setDeleting] = useState(false);
  const added = useRef(0);
  useEffect(() => {
    if (!template) return;
    if (own) setDraft(ownDesign(template));
    else if (filled.data) setDraft(filledDesign(template, filled.data.sections));
    else return;
    setSelected(0);
  }, [template, own, filled.data]);

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

  const errors = useMemo(() => (draft ? pdfDesignErrors(draft) : {}), [draft]);
  const invalid = (index: number) => Object.keys(errors).some((k) => k.startsWith(`sections.${index}.`));
  const fieldError = (field: string) => {
    const key = errors[`sections.${selected}.${field}`];
    return key ? t(key) : null;
  };

  if (templates.error) return <Alert variant="error">{errorText(templates.error)}</Alert>;
  if (!draft || chosenTemplate === null || !template)
    return <p role="status">{t('gift_card_pdfs.loading')}</p>;

  const sections = draft.sections;
  const section = sections[selected];
  const setSections = (next: PdfDesignSection[]) =>
    setDraft({ ...draft, sections: next.map((s, position) => (draft.own ? { ...s, position } : s)) });
  const change = (patch: Partial<PdfDesignSection>) =>
    setSections(sections.map((s, i) => (i === selected ? { ...s, ...patch } : s)));
  const pad = (side: keyof PdfPadding, text: string) =>
    section && change({ padding: { ...section.padding, [side]: read(text) } });
  const refreshTemplates = (list: PdfTemplate[]) =>
    queryClient.setQueryData(['giftCardPdfs.templates', propertyId], { items: list });
  const choose = (id: string) => {
    setDraft(null);
    setFailure(null);
    setTemplateId(id);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const done = await submitForm(pdfDesignInput(draft), draft, async (values) => {
        const design = values as PdfDesign;
        if (design.own) {
          return client.giftCardPdfs.updateTemplate({
            params: { id: template.id },
            body: {
              propertyId,
              name: design.name,
              default: design.isDefault,
              giftCardTypeId: type.id,
              pdfSections: design.sections.map((s) => ({
                id: s.id,
                kind: s.kind,
                name: s.name,
                ...lookOf(s),
              })),
            },
          });
        }
        return client.giftCardPdfs.putFilledSections({
          params: { id: type.id, templateId: template.id },
          body: {
            propertyId,
            sections: design.sections.map((s) => ({ pdfSectionId: s.id!, ...lookOf(s) })),
          },
        });
      });
      if (done.status === 'invalid') {
        setFailure(t('gift_card_pdfs.invalid'));
        return;
      }
      if (draft.own) {
        const saved = done.saved as PdfTemplate;
        refreshTemplates(items.map((tpl) => (tpl.id === saved.id ? saved : tpl)));
        void templates.refetch();
        setDraft(ownDesign(saved));
      } else {
        const saved = done.saved as FilledSections;
        queryClient.setQueryData(['giftCardPdfs.filled', type.id, chosenTemplate], saved);
        setDraft(filledDesign(template, saved.sections));
      }
      // The type now prints with this template (`pdfTemplateId`): the types page's lists read it again.
      void queryClient.invalidateQueries({ queryKey: ['giftCards', 'types'] });
      toast.success(t('general.success_message'), t('gift_card_pdfs.saved', { title: type.title }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  /** New, duplicate, delete: the property's templates change at once, then the list is read again. */
  const act = async (work: () => Promise<PdfTemplate | null>) => {
    setSaving(true);
    setFailure(null);
    try {
      const made = await work();
      const { items: list } = await client.giftCardPdfs.listTemplates({ query: { propertyId } });
      refreshTemplates(list);
      choose(made?.id ?? list.find((tpl) => tpl.default)?.id ?? list[0]!.id);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };
  const newTemplate = () =>
    act(() =>
      client.giftCardPdfs.createTemplate({
        body: {
          propertyId,
          name: t('gift_card_pdfs.new_template_name'),
          pdfSections: [
            newPdfSection('color_fill', t('gift_card_pdfs.kinds.color_fill'), 'n0'),
            newPdfSection('title', t('gift_card_pdfs.kinds.title'), 'n1', 0),
          ].map(({ key: _key, position: _position, ...s }) => s),
        },
      }),
    );
  const duplicate = () =>
    act(() =>
      client.giftCardPdfs.duplicateTemplate({
        params: { id: template.id },
        body: { propertyId, giftCardTypeId: own ? null : type.id },
      }),
    );
  const remove = () =>
    act(async () => {
      await client.giftCardPdfs.deleteTemplate({ params: { id: template.id }, query: { propertyId } });
      return null;
    });
  const addSection = () => {
    added.current += 1;
    // Below the text sections there are (each new one a band lower).
    const texts = sections.filter((s) => isTextKind(s.kind)).length;
    const made = newPdfSection(newKind, t(`gift_card_pdfs.kinds.${newKind}`), `new-${added.current}`, texts);
    setSections([...sections, made]);
    setSelected(sections.length);
  };
  const removeSection = () => {
    setSections(sections.filter((_, i) => i !== selected));
    setSelected(Math.max(0, selected - 1));
  };

  const kindWord = (s: PdfDesignSection) => t(`gift_card_pdfs.kinds.${s.kind}`);
  const fontWord = (font: string) =>
    font === 'store_title'
      ? t('gift_card_pdfs.fields.store_title_font', { font: storeFonts.titleFont })
      : font === 'store_text'
        ? t('gift_card_pdfs.fields.store_text_font', { font: storeFonts.textFont })
        : font;
  const off = readOnly || saving;
  return (
    <div className="pdf-editor">
      <div className="stack pdf-editor__controls">
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Select
          label={t('gift_card_pdfs.template')}
          options={items.map((tpl) => ({
            id: tpl.id,
            label: tpl.default ? t('gift_card_pdfs.template_default', { name: tpl.name }) : tpl.name,
          }))}
          selectedKey={chosenTemplate}
          onSelectionChange={(id) => choose(id)}
          isDisabled={off}
        />
        {readOnly ? null : (
          <div className="pdf-editor__row">
            <Button variant="secondary" onPress={() => void newTemplate()} isDisabled={off}>
              {t('gift_card_pdfs.new_template')}
            </Button>
            <Button variant="secondary" onPress={() => void duplicate()} isDisabled={off}>
              {t('gift_card_pdfs.duplicate_template')}
            </Button>
            {own ? (
              <Button variant="secondary" onPress={() => setDeleting(true)} isDisabled={off}>
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
              onChange={(name) => setDraft({ ...draft, name })}
              isRequired
              isDisabled={off}
              errorMessage={errors.name ? t(errors.name) : null}
            />
            <Checkbox
              isSelected={draft.isDefault}
              onChange={(isDefault) => setDraft({ ...draft, isDefault })}
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
              label: invalid(i) ? t('gift_card_pdfs.section_invalid', { name }) : name,
            };
          })}
          selectedKey={section ? String(selected) : null}
          onSelectionChange={(id) => setSelected(Number(id))}
        />
        {own && !readOnly ? (
          <div className="pdf-editor__row">
            <Select
              label={t('gift_card_pdfs.new_section_kind')}
              options={SECTION_KINDS.map((k) => ({ id: k, label: t(`gift_card_pdfs.kinds.${k}`) }))}
              selectedKey={newKind}
              onSelectionChange={(k) => setNewKind(k as PdfSectionKind)}
              isDisabled={off}
            />
            <Button variant="secondary" onPress={addSection} isDisabled={off}>
              {t('gift_card_pdfs.add_section')}
            </Button>
            {section ? (
              <Button variant="secondary" onPress={removeSection} isDisabled={off || sections.length < 2}>
                {t('gift_card_pdfs.remove_section', { name: section.name })}
              </Button>
            ) : null}
          </div>
        ) : null}
        {section ? (
          <fieldset className="stack" aria-label={section.name}>
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
            <Checkbox
              isSelected={section.visible}
              onChange={(visible) => change({ visible })}
              isDisabled={off}
            >
              {t('gift_card_pdfs.fields.visible')}
            </Checkbox>
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
                <TextField
                  label={t('gift_card_pdfs.fields.font_size')}
                  inputMode="numeric"
                  value={shown(section.fontSize)}
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
            <TextField
              label={t('gift_card_pdfs.fields.opacity')}
              inputMode="numeric"
              value={shown(section.opacity)}
              onChange={(v) => change({ opacity: read(v) })}
              isDisabled={off}
              errorMessage={fieldError('opacity')}
            />
            <fieldset className="pdf-editor__padding">
              <legend>{t('gift_card_pdfs.fields.padding')}</legend>
              {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
                <TextField
                  key={side}
                  label={t(`gift_card_pdfs.fields.padding_${side}`)}
                  inputMode="numeric"
                  value={shown(section.padding[side])}
                  onChange={(v) => pad(side, v)}
                  isDisabled={off}
                  errorMessage={fieldError(`padding.${side}`)}
                />
              ))}
            </fieldset>
            {['rectangle', 'color_fill', 'dashed_box'].includes(section.kind) ? (
              <TextField
                label={t('gift_card_pdfs.fields.corner_radius')}
                inputMode="numeric"
                value={shown(section.cornerRadius)}
                onChange={(v) => change({ cornerRadius: read(v) })}
                isDisabled={off}
                errorMessage={fieldError('cornerRadius')}
              />
            ) : null}
            {section.kind === 'dashed_box' ? (
              <>
                <TextField
                  label={t('gift_card_pdfs.fields.dash_size')}
                  inputMode="numeric"
                  value={shown(section.dashSize)}
                  onChange={(v) => change({ dashSize: read(v) })}
                  isDisabled={off}
                  errorMessage={fieldError('dashSize')}
                />
                <TextField
                  label={t('gift_card_pdfs.fields.dash_space')}
                  inputMode="numeric"
                  value={shown(section.dashSpace)}
                  onChange={(v) => change({ dashSpace: read(v) })}
                  isDisabled={off}
                  errorMessage={fieldError('dashSpace')}
                />
              </>
            ) : null}
          </fieldset>
        ) : null}
        <div className="admin-form__actions">
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
            <Button onPress={() => void save()} isDisabled={saving}>
              {t('gift_card_pdfs.save')}
            </Button>
          )}
        </div>
      </div>
      <figure className="pdf-editor__preview">
        <PdfPreview
          sections={sections}
          type={type}
          store={storeFonts}
          storeSlug={cardStore?.slugName}
          storeLoading={storeLoading}
        />
        <figcaption>{t('gift_card_pdfs.preview_note')}</figcaption>
      </figure>
      <AlertDialog
        title={t('gift_card_pdfs.delete_template_title', { name: template.name })}
        isOpen={deleting}
        onOpenChange={setDeleting}
        confirmLabel={t('gift_card_pdfs.delete_template')}
        onConfirm={() => void remove()}
        cancelLabel={t('gift_cards.cancel')}
        destructive
      >
        {t('gift_card_pdfs.delete_template_question')}
      </AlertDialog>
    </div>
  );
}

/** What the preview draws of a section: its look, kind and drawing order, and a key. */
type PreviewSection = PdfSectionLook & { key: string; kind: PdfSectionKind; position: number };

/**
 * The page drawn in SVG from the draft: the server's layout rules, each text in the font file the PDF embeds for
 * it (core's `pdfFontFileOf` and `pdfFontFace`: the store's title or text font, Ubuntu's stand-ins, a bold) loaded
 * from the server and measured by the browser (`previewFonts.ts`); drawn once the fonts in use have loaded.
 */
export function PdfPreview({
  sections,
  type,
  store = PDF_STORE_FONTS_FALLBACK,
  storeSlug,
  storeLoading = false,
}: {
  sections: readonly PreviewSection[];
  type: GiftCardType;
  store?: PdfStoreFonts;
  /** The slug of the store the cards belong to (their address); without one, the property's id stands in. */
  storeSlug?: string | undefined;
  /** The store's fonts are still being read: nothing is loaded or drawn yet. */
  storeLoading?: boolean;
}) {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const fonts = useMemo(
    () => sections.filter((s) => s.visible && isTextKind(s.kind)).map((s) => s.font),
    [sections],
  );
  const { ready, spare } = usePreviewFonts(fonts, store, !storeLoading);
  if (!ready)
    return (
      <svg
        className="pdf-preview"
        viewBox={`0 0 ${PDF_PAGE_WIDTH} ${PDF_PAGE_HEIGHT}`}
        aria-hidden="true"
        data-loading="fonts"
      >
        <rect width={PDF_PAGE_WIDTH} height={PDF_PAGE_HEIGHT} fill="#ffffff" />
      </svg>
    );
  const values: PdfCardValues = {
    title: type.title,
    recipient: t('gift_card_pdfs.sample_recipient'),
    generatedId: PDF_SAMPLE_CODE,
    description: plainTextOf(type.description),
    expiration: type.absoluteExpirationDate ?? '2030-01-01',
    bookingUrl: giftCardBookingUrl(window.location.origin, storeSlug ?? type.propertyId, PDF_SAMPLE_CODE),
    hotelName: property?.id === type.propertyId ? property.name : '',
  };
  const photo = (s: PreviewSection) => s.photoUrl ?? type.photos[0]?.url ?? null;
  return (
    <svg
      className="pdf-preview"
      viewBox={`0 0 ${PDF_PAGE_WIDTH} ${PDF_PAGE_HEIGHT}`}
      role="img"
      aria-label={t('gift_card_pdfs.preview')}
    >
      <rect width={PDF_PAGE_WIDTH} height={PDF_PAGE_HEIGHT} fill="#ffffff" />
      {[...sections]
        .sort((a, b) => a.position - b.position)
        .map((s) => {
          if (!s.visible) return null;
          const box = sectionBox(s.padding);
          if (!(box.width > 0 && box.height > 0)) return null;
          const key = s.key;
          const r = Math.min(Math.max(0, s.cornerRadius || 0), box.width / 2, box.height / 2);
          switch (s.kind) {
            case 'image':
            case 'background': {
              const url = photo(s);
              return url ? (
                <image
                  key={key}
                  href={url}
                  x={box.x}
                  y={box.y}
                  width={box.width}
                  height={box.height}
                  opacity={s.opacity}
                  preserveAspectRatio={s.stretch ? 'xMidYMid slice' : 'xMidYMid meet'}
                />
              ) : (
                <rect key={key} {...box} fill="#d9d9d9" opacity={s.opacity} data-kind={s.kind} />
              );
            }
            case 'color_fill':
            case 'rectangle':
              return (
                <rect key={key} {...box} rx={r} fill={s.fillColor} opacity={s.opacity} data-kind={s.kind} />
              );
            case 'dashed_box':
              return (
                <rect
                  key={key}
                  {...box}
                  rx={r}
                  fill="none"
                  stroke={s.fillColor}
                  strokeWidth={1.5}
                  strokeDasharray={`${s.dashSize} ${s.dashSpace}`}
                  opacity={s.opacity}
                  data-kind={s.kind}
                />
              );
            case 'qr_code': {
              const side = Math.min(box.width, box.height);
              const x = box.x + (box.width - side) / 2;
              const y = box.y + (box.height - side) / 2;
              return (
                <g key={key} data-kind="qr_code" opacity={s.opacity}>
                  <rect x={x} y={y} width={side} height={side} fill="#ffffff" stroke={s.fillColor} />
                  <rect
                    x={x + side * 0.1}
                    y={y + side * 0.1}
                    width={side * 0.25}
                    height={side * 0.25}
                    fill={s.fillColor}
                  />
                  <rect
                    x={x + side * 0.65}
                    y={y + side * 0.1}
                    width={side * 0.25}
                    height={side * 0.25}
                    fill={s.fillColor}
                  />
                  <rect
                    x={x + side * 0.1}
                    y={y + side * 0.65}
                    width={side * 0.25}
                    height={side * 0.25}
                    fill={s.fillColor}
                  />
                </g>
              );
            }
            default: {
              const words = sectionWords(s.kind, s.text, values);
              if (!words || !(s.fontSize > 0)) return null;
              const font = pdfFontFileOf(s.font, store);
              const face = pdfFontFace(font);
              const measure = measureIn(face, s.fontSize, spare);
              const lines = wrapText(words, box.width, linesThatFit(box.height, s.fontSize), measure);
              const lineHeight = s.fontSize * 1.2;
              return (
                <text
                  key={key}
                  fill={s.fillColor}
                  opacity={s.opacity}
                  fontFamily={cssFamilyOf(face, spare)}
                  fontWeight={face.weight}
                  data-font={font}
                  fontSize={s.fontSize}
                  data-kind={s.kind}
                >
                  {lines.map((line, i) => (
                    <tspan
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                      key={i}
                      x={alignedX(box, measure(line), s.textAlign)}
                      y={box.y + i * lineHeight + (lineHeight - s.fontSize) / 2 + s.fontSize * 0.8}
                    >
                      {line}
                    </tspan>
                  ))}
                </text>
              );
            }
          }
        })}
    </svg>
  );
}
