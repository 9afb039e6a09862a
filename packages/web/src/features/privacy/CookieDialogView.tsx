import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { forgetDevice, readDeviceIdentifier } from '../../session/deviceCookie';
import './privacy.css';

export interface CookieDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * What Tern keeps in this browser, and why: all of it is needed for the app to work (no advertising, no
 * tracking, so there is nothing optional to consent to). The remembered device, which skips the one-time code
 * for 60 days, can be forgotten here.
 */
export function CookieDialog({ isOpen, onOpenChange }: CookieDialogProps) {
  const { t } = useTranslation();
  const [forgotten, setForgotten] = useState(false);
  // Read on each opening (a sign-in may have set it since) and after forgetting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cookie is outside React; these are the moments to read it.
  const remembered = useMemo(() => readDeviceIdentifier() !== null, [isOpen, forgotten]);
  const items = ['session', 'device', 'property', 'flow'] as const;
  return (
    <Dialog
      title={t('cookies.title')}
      isOpen={isOpen}
      onOpenChange={(next) => {
        if (!next) setForgotten(false);
        onOpenChange(next);
      }}
    >
      {(close) => (
        <div className="cookie-dialog">
          <p>{t('cookies.intro')}</p>
          <dl className="cookie-dialog__list">
            {items.map((item) => (
              <div key={item}>
                <dt>{t(`cookies.${item}.name`)}</dt>
                <dd>{t(`cookies.${item}.why`)}</dd>
              </div>
            ))}
          </dl>
          <p role="status">
            {forgotten
              ? t('cookies.device_forgotten')
              : remembered
                ? t('cookies.device_remembered')
                : t('cookies.device_not_remembered')}
          </p>
          <div className="dialog__actions">
            {remembered ? (
              <Button
                variant="secondary"
                onPress={() => {
                  forgetDevice();
                  setForgotten(true);
                }}
              >
                {t('cookies.forget_device')}
              </Button>
            ) : null}
            <Button onPress={close}>{t('cookies.close')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
