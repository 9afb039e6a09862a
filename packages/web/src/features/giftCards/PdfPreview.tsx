import {
  alignedX,
  giftCardBookingUrl,
  isTextKind,
  layoutText,
  lineBaseline,
  linesThatFit,
  PDF_DASHED_BORDER_WIDTH,
  PDF_SAMPLE_CODE,
  PDF_STORE_FONTS_FALLBACK,
  type PdfCardValues,
  type PdfStoreFonts,
  pdfFontFace,
  pdfFontFileOf,
  plainTextOf,
  sectionBox,
  sectionWords,
} from '@tern/core/giftCards';
import {
  type GiftCardType,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  type PdfSectionKind,
  type PdfSectionLook,
} from '@tern/sdk';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { SectionHandles } from './PdfSectionHandles';
import { ascentIn, cssFamilyOf, measureIn, usePreviewFonts } from './previewFonts';

/** What the preview draws of a section: its look, kind, name and drawing order, and a key. */
export type PreviewSection = PdfSectionLook & {
  key: string;
  kind: PdfSectionKind;
  name: string;
  position: number;
};

/** Sections moved on the preview (the pointer or the arrow keys): `index` in `sections`, by points. */
export interface PreviewMoves {
  onMove: (index: number, dx: number, dy: number) => void;
  onSelect: (index: number) => void;
}

/**
 * The page drawn in SVG from the draft: the server's layout rules, each text in the font file the PDF embeds for
 * it (core's `pdfFontFileOf` and `pdfFontFace`: the store's title or text font, Ubuntu's stand-ins, a bold) loaded
 * from the server and measured by the browser (`previewFonts.ts`); drawn once the fonts in use have loaded. A text
 * that does not fit its box is cut as the PDF cuts it (core's `layoutText`), and the preview says so in words.
 * With `moves`, each visible section can be dragged or moved with the arrow keys (`PdfSectionHandles.tsx`).
 */
export function PdfPreview({
  sections,
  type,
  store = PDF_STORE_FONTS_FALLBACK,
  storeSlug,
  storeLoading = false,
  moves,
}: {
  sections: readonly PreviewSection[];
  type: GiftCardType;
  store?: PdfStoreFonts;
  /** The slug of the store the cards belong to (their address); without one, the property's id stands in. */
  storeSlug?: string | undefined;
  /** The store's fonts are still being read: nothing is loaded or drawn yet. */
  storeLoading?: boolean;
  moves?: PreviewMoves | undefined;
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
  const clipped: string[] = [];
  const drawn = [...sections]
    .sort((a, b) => a.position - b.position)
    .map((s) =>
      drawSection(s, {
        photo: s.photoUrl ?? type.photos[0]?.url ?? null,
        text: (s) => {
          const words = sectionWords(s.kind, s.text, values);
          if (!words || !(s.fontSize > 0)) return null;
          const font = pdfFontFileOf(s.font, store);
          const face = pdfFontFace(font);
          const measure = measureIn(face, s.fontSize, spare);
          const box = sectionBox(s.padding);
          const layout = layoutText(words, box.width, linesThatFit(box.height, s.fontSize), measure);
          if (layout.clipped) clipped.push(s.name);
          const ascent = ascentIn(face, s.fontSize, spare);
          return (
            <text
              key={s.key}
              fill={s.fillColor}
              opacity={s.opacity}
              fontFamily={cssFamilyOf(face, spare)}
              fontWeight={face.weight}
              data-font={font}
              fontSize={s.fontSize}
              data-kind={s.kind}
              data-clipped={layout.clipped || undefined}
            >
              {layout.lines.map((line, i) => (
                <tspan
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                  key={i}
                  x={alignedX(box, measure(line), s.textAlign)}
                  y={lineBaseline(box, i, s.fontSize, ascent)}
                >
                  {line}
                </tspan>
              ))}
            </text>
          );
        },
      }),
    );
  return (
    <>
      <div className="pdf-preview__page">
        <svg
          className="pdf-preview"
          viewBox={`0 0 ${PDF_PAGE_WIDTH} ${PDF_PAGE_HEIGHT}`}
          role="img"
          aria-label={t('gift_card_pdfs.preview')}
        >
          <rect width={PDF_PAGE_WIDTH} height={PDF_PAGE_HEIGHT} fill="#ffffff" />
          {drawn}
        </svg>
        {moves ? <SectionHandles sections={sections} moves={moves} /> : null}
      </div>
      {clipped.map((name) => (
        <p key={name} className="pdf-preview__clipped" role="note">
          {t('gift_card_pdfs.clipped', { name })}
        </p>
      ))}
    </>
  );
}

/** One section as SVG (nothing when hidden or without room); texts through `text`. */
function drawSection(
  s: PreviewSection,
  draw: { photo: string | null; text: (s: PreviewSection) => ReactNode },
): ReactNode {
  if (!s.visible) return null;
  const box = sectionBox(s.padding);
  if (!(box.width > 0 && box.height > 0)) return null;
  const key = s.key;
  const r = Math.min(Math.max(0, s.cornerRadius || 0), box.width / 2, box.height / 2);
  switch (s.kind) {
    case 'image':
    case 'background':
      return draw.photo ? (
        <image
          key={key}
          href={draw.photo}
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
    case 'color_fill':
    case 'rectangle':
      return <rect key={key} {...box} rx={r} fill={s.fillColor} opacity={s.opacity} data-kind={s.kind} />;
    case 'dashed_box':
      return (
        <rect
          key={key}
          {...box}
          rx={r}
          fill="none"
          stroke={s.fillColor}
          strokeWidth={PDF_DASHED_BORDER_WIDTH}
          strokeDasharray={`${s.dashSize} ${s.dashSpace}`}
          opacity={s.opacity}
          data-kind={s.kind}
        />
      );
    case 'qr_code': {
      const side = Math.min(box.width, box.height);
      const x = box.x + (box.width - side) / 2;
      const y = box.y + (box.height - side) / 2;
      const finder = (fx: number, fy: number) => (
        <rect
          x={x + side * fx}
          y={y + side * fy}
          width={side * 0.25}
          height={side * 0.25}
          fill={s.fillColor}
        />
      );
      return (
        <g key={key} data-kind="qr_code" opacity={s.opacity}>
          <rect x={x} y={y} width={side} height={side} fill="#ffffff" stroke={s.fillColor} />
          {finder(0.1, 0.1)}
          {finder(0.65, 0.1)}
          {finder(0.1, 0.65)}
        </g>
      );
    }
    default:
      return draw.text(s);
  }
}
