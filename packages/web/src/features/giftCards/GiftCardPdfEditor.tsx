import { useQueryClient } from '@tanstack/react-query';
import {
  alignedX,
  giftCardBookingUrl,
  isOwnTextKind,
  isTextKind,
  linesThatFit,
  PDF_SAMPLE_CODE,
  type PdfCardValues,
  pdfSectionsErrors,
  plainTextOf,
  sectionBox,
  sectionWords,
  wrapText,
} from '@tern/core';
import {
  type FilledSection,
  type FilledSectionInput,
  type GiftCardType,
  PDF_FONTS,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  type PdfPadding,
  type PdfTemplate,
} from '@tern/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
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

/** A typed number: empty is none (NaN, which core's rules call required). */
const read = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const shown = (v: number) => (Number.isNaN(v) ? '' : String(v));

const inputOf = (s: FilledSection): FilledSectionInput => ({
  pdfSectionId: s.pdfSectionId,
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

/**
 * The PDF tab of the type drawer (document 3 §3, §5, §7, §9): the template, each section's look within core's
 * limits (`pdfSectionsErrors`), a live preview drawn in SVG from the same rules the server prints with (boxes
 * from padding, words of each kind, text wrapped and clipped), the design saved as the type's filled sections,
 * and the server's PDF of the saved design as a download (M37).
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
  const items: PdfTemplate[] = templates.data?.items ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
  const chosenTemplate =
    templateId ?? type.pdfTemplateId ?? items.find((tpl) => tpl.default)?.id ?? items[0]?.id ?? null;
  const filled = useApiQuery(
    ['giftCardPdfs.filled', type.id, chosenTemplate],
    (c, signal) =>
      c.giftCardPdfs.getFilledSections(
        { params: { id: type.id, templateId: chosenTemplate! }, query: { propertyId } },
        { signal },
      ),
    { enabled: chosenTemplate !== null },
  );
  const [draft, setDraft] = useState<FilledSection[] | null>(null);
  const [selected, setSelected] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (filled.data) {
      setDraft(filled.data.sections);
      setSelected(0);
    }
  }, [filled.data]);

  const errors = useMemo(() => (draft ? pdfSectionsErrors(draft) : {}), [draft]);
  const invalid = (index: number) => Object.keys(errors).some((k) => k.startsWith(`sections.${index}.`));
  const fieldError = (field: string) => {
    const key = errors[`sections.${selected}.${field}`];
    return key ? t(key) : null;
  };

  if (templates.error) return <Alert variant="error">{errorText(templates.error)}</Alert>;
  if (!draft || chosenTemplate === null) return <p role="status">{t('gift_card_pdfs.loading')}</p>;

  const section = draft[selected];
  const change = (patch: Partial<FilledSection>) =>
    setDraft(draft.map((s, i) => (i === selected ? { ...s, ...patch } : s)));
  const pad = (side: keyof PdfPadding, text: string) =>
    section && change({ padding: { ...section.padding, [side]: read(text) } });

  const save = async () => {
    if (Object.keys(errors).length > 0) {
      setFailure(t('gift_card_pdfs.invalid'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await client.giftCardPdfs.putFilledSections({
        params: { id: type.id, templateId: chosenTemplate },
        body: { propertyId, sections: draft.map(inputOf) },
      });
      setDraft(saved.sections);
      queryClient.setQueryData(['giftCardPdfs.filled', type.id, chosenTemplate], saved);
      toast.success(t('gift_card_pdfs.saved', { title: type.title }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const kindWord = (s: FilledSection) => t(`gift_card_pdfs.kinds.${s.kind}`);
  const off = readOnly;
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
          onSelectionChange={(id) => {
            setDraft(null);
            setTemplateId(id);
          }}
          isDisabled={off}
        />
        <Select
          label={t('gift_card_pdfs.section')}
          options={draft.map((s, i) => {
            const name = `${s.name} — ${kindWord(s)}`;
            return {
              id: String(i),
              label: invalid(i) ? t('gift_card_pdfs.section_invalid', { name }) : name,
            };
          })}
          selectedKey={String(selected)}
          onSelectionChange={(id) => setSelected(Number(id))}
        />
        {section ? (
          <fieldset className="stack" aria-label={section.name}>
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
                  options={PDF_FONTS.map((f) => ({ id: f, label: f }))}
                  selectedKey={section.font}
                  onSelectionChange={(font) => change({ font: font as FilledSection['font'] })}
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
                  onSelectionChange={(a) => change({ textAlign: a as FilledSection['textAlign'] })}
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
        <PdfPreview sections={draft} type={type} />
        <figcaption>{t('gift_card_pdfs.preview_note')}</figcaption>
      </figure>
    </div>
  );
}

/** A rough width of text in a font (the preview has no font metrics: about half the size a character). */
const measureOf = (font: string, size: number) => {
  const factor = font.startsWith('Montserrat') ? 0.6 : font.startsWith('Playfair') ? 0.5 : 0.53;
  return (s: string) => [...s].length * size * factor;
};
const familyOf = (font: string) =>
  `'${font.replace(/ Bold$/, '')}', ${font.startsWith('Merriweather') || font.startsWith('Playfair') ? 'serif' : 'sans-serif'}`;

/** The page drawn in SVG from the draft: the server's layout rules with an approximate text measure. */
export function PdfPreview({ sections, type }: { sections: readonly FilledSection[]; type: GiftCardType }) {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const values: PdfCardValues = {
    title: type.title,
    recipient: t('gift_card_pdfs.sample_recipient'),
    generatedId: PDF_SAMPLE_CODE,
    description: plainTextOf(type.description),
    expiration: type.absoluteExpirationDate ?? '2030-01-01',
    bookingUrl: giftCardBookingUrl(window.location.origin, PDF_SAMPLE_CODE),
    hotelName: property?.id === type.propertyId ? property.name : '',
  };
  const photo = (s: FilledSection) => s.photoUrl ?? type.photos[0]?.url ?? null;
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
          const key = s.pdfSectionId;
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
              const measure = measureOf(s.font, s.fontSize);
              const lines = wrapText(words, box.width, linesThatFit(box.height, s.fontSize), measure);
              const lineHeight = s.fontSize * 1.2;
              return (
                <text
                  key={key}
                  fill={s.fillColor}
                  opacity={s.opacity}
                  fontFamily={familyOf(s.font)}
                  fontWeight={s.font.endsWith('Bold') ? 700 : 400}
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
