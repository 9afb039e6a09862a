import { sectionBox } from '@tern/core/giftCards';
import { PDF_PAGE_HEIGHT, PDF_PAGE_WIDTH } from '@tern/sdk';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { Focusable } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/Tooltip';
import type { PreviewMoves, PreviewSection } from './PdfPreview';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
/** Points an arrow key moves a section by (with Shift: `BIG_STEP`). */
const STEP = 1;
const BIG_STEP = 10;

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * A button over each visible section of the preview, in drawing order (the topmost last): dragged with the
 * pointer, or moved with the arrow keys once focused; either selects the section. Moves go to `moves.onMove` in
 * whole points (core's `movedPadding` keeps the box on the page), and the moved section's place is announced.
 * Its place shows as a tooltip on hover and on keyboard focus (`Focusable` hands the tooltip's props to the
 * native button, which keeps its own pointer and key handling).
 */
export function SectionHandles({
  sections,
  moves,
}: {
  sections: readonly PreviewSection[];
  moves: PreviewMoves;
}) {
  const { t } = useTranslation();
  const help = useId();
  const layer = useRef<HTMLFieldSetElement>(null);
  const drag = useRef<{
    index: number;
    x: number;
    y: number;
    scale: number;
    sentX: number;
    sentY: number;
  } | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);
  const shown = sections
    .map((s, index) => ({ s, index, box: sectionBox(s.padding) }))
    .filter(({ s, box }) => s.visible && box.width > 0 && box.height > 0)
    .sort((a, b) => a.s.position - b.s.position);
  const placeOf = (index: number) => {
    const s = sections[index];
    if (!s) return '';
    const box = sectionBox(s.padding);
    return t('gift_card_pdfs.section_at', { name: s.name, x: box.x, y: box.y });
  };

  const start = (event: PointerEvent<HTMLButtonElement>, index: number) => {
    const width = layer.current?.getBoundingClientRect().width ?? 0;
    if (event.button !== 0 || width <= 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      index,
      x: event.clientX,
      y: event.clientY,
      scale: PDF_PAGE_WIDTH / width,
      sentX: 0,
      sentY: 0,
    };
    moves.onSelect(index);
  };
  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const x = Math.round((event.clientX - d.x) * d.scale);
    const y = Math.round((event.clientY - d.y) * d.scale);
    if (x === d.sentX && y === d.sentY) return;
    moves.onMove(d.index, x - d.sentX, y - d.sentY);
    d.sentX = x;
    d.sentY = y;
  };
  const end = () => {
    if (drag.current) setAnnounced(drag.current.index);
    drag.current = null;
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? BIG_STEP : STEP;
    moves.onMove(index, arrow[0] * step, arrow[1] * step);
    setAnnounced(index);
  };

  return (
    <fieldset ref={layer} className="pdf-preview__handles" aria-label={t('gift_card_pdfs.sections_on_page')}>
      <p id={help} hidden>
        {t('gift_card_pdfs.move_help')}
      </p>
      {shown.map(({ s, index, box }) => (
        <Tooltip key={s.key} text={placeOf(index)}>
          <Focusable>
            <button
              type="button"
              className="pdf-preview__handle"
              aria-label={t('gift_card_pdfs.move_section', { name: s.name })}
              aria-describedby={help}
              aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
              style={{
                left: percent(box.x, PDF_PAGE_WIDTH),
                top: percent(box.y, PDF_PAGE_HEIGHT),
                width: percent(box.width, PDF_PAGE_WIDTH),
                height: percent(box.height, PDF_PAGE_HEIGHT),
              }}
              onFocus={() => moves.onSelect(index)}
              onPointerDown={(event) => start(event, index)}
              onPointerMove={follow}
              onPointerUp={end}
              onPointerCancel={end}
              onKeyDown={(event) => key(event, index)}
            />
          </Focusable>
        </Tooltip>
      ))}
      <p className="visually-hidden" role="status">
        {announced === null ? '' : placeOf(announced)}
      </p>
    </fieldset>
  );
}
