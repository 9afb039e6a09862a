import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Document 1 §2, §9: the card capture frame is 400 × 220. */
export const CARD_FRAME_SIZE = { width: 400, height: 220 } as const;

/**
 * The card vault's form in a frame on its own origin. The handshake (ready, validate, submit, the card or
 * an error coming back) runs in core's card-frame machine; this only draws the frame.
 */
export const CardFrame = forwardRef<HTMLIFrameElement, { src: string; onLoad: () => void }>(
  function CardFrame({ src, onLoad }, ref) {
    const { t } = useTranslation();
    return (
      <iframe
        ref={ref}
        className="card-frame"
        title={t('payment_page.card_frame')}
        src={src}
        width={CARD_FRAME_SIZE.width}
        height={CARD_FRAME_SIZE.height}
        onLoad={onLoad}
      />
    );
  },
);
