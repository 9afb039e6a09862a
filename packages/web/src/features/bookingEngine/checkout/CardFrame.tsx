import { CARD_FRAME_SIZE } from '@tern/core/bookingEngine';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The card vault's form in a frame on its own origin, 400 × 220 (document 1 §2, §9). The handshake
 * (ready, submit, the card or an error coming back) runs in core's card-frame machine.
 */
export const CardFrame = forwardRef<HTMLIFrameElement, { src: string; onError: () => void }>(
  function CardFrame({ src, onError }, ref) {
    const { t } = useTranslation();
    return (
      <iframe
        ref={ref}
        className="card-frame"
        title={t('payment_page.card_frame')}
        src={src}
        width={CARD_FRAME_SIZE.width}
        height={CARD_FRAME_SIZE.height}
        onError={onError}
      />
    );
  },
);
