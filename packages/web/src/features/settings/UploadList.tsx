import type { UploadEntry } from '@tern/core/admin';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useErrorText } from '../errors/useErrorText';

/**
 * The files picked for upload, in the order picked: each on its way with its indicator (an upload that answered
 * waits, still shown so, for those picked before it), or refused with why (until dismissed).
 */
export function UploadList({
  entries,
  onDismiss,
}: {
  entries: readonly UploadEntry[];
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (entries.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('property_photos.uploads')}>
      {entries.map((entry) => {
        const failed = entry.status === 'failed';
        return (
          <li
            key={entry.id}
            className={`upload-list__item upload-list__item--${failed ? 'failed' : 'uploading'}`}
          >
            <span className="upload-list__name">{entry.name}</span>
            {failed ? (
              <>
                <span className="upload-list__error" role="alert">
                  <strong>{t('property_photos.upload_failed')}:</strong> {errorText(entry.error)}
                </span>
                <Button
                  variant="quiet"
                  aria-label={t('property_photos.dismiss', { name: entry.name })}
                  onPress={() => onDismiss(entry.id)}
                >
                  ×
                </Button>
              </>
            ) : (
              <>
                <Spinner size="sm" label={`${t('property_photos.uploading')} ${entry.name}`} />
                <span className="upload-list__status" aria-hidden="true">
                  {t('property_photos.uploading')}
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
