import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import type { UploadEntry } from './useImageUpload';

/** The files being uploaded, each with its indicator, and the refused ones with why (until dismissed). */
export function UploadList({
  entries,
  onDismiss,
}: {
  entries: UploadEntry[];
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('property_photos.uploads')}>
      {entries.map((entry) => (
        <li key={entry.id} className={`upload-list__item upload-list__item--${entry.status}`}>
          <span className="upload-list__name">{entry.name}</span>
          {entry.status === 'uploading' ? (
            <Spinner size="sm" label={`${t('property_photos.uploading')} ${entry.name}`} />
          ) : (
            <>
              <span className="upload-list__error" role="alert">
                <strong>{t('property_photos.upload_failed')}:</strong> {entry.message}
              </span>
              <Button
                variant="quiet"
                aria-label={t('property_photos.dismiss', { name: entry.name })}
                onPress={() => onDismiss(entry.id)}
              >
                ×
              </Button>
            </>
          )}
          {entry.status === 'uploading' ? (
            <span className="upload-list__status" aria-hidden="true">
              {t('property_photos.uploading')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
