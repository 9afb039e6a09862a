import { uploadProblem } from '@tern/core';
import { MAX_UPLOAD_BYTES, type UploadedImage } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';

/** A chosen file on its way: uploading, or refused with the reason. */
export interface UploadEntry {
  id: string;
  name: string;
  status: 'uploading' | 'failed';
  message: string;
}

/** The query key of a property's photos and logo (`photos.list`). */
export const PHOTOS_KEY = 'propertyPhotos';

export const UPLOAD_SIZE = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/**
 * Uploads chosen files for a property, each on its own (document 2 §4: an "uploading" indicator per file): a
 * file refused before sending (its name, its size) or by the server (its content) stays listed with the
 * reason until dismissed; a failure is logged too (§8). Each upload done is handed to `onUploaded`.
 */
export function useImageUpload(propertyId: string, onUploaded: (image: UploadedImage, file: File) => void) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const update = (id: string, patch: Partial<UploadEntry> | null) =>
    setEntries((list) =>
      patch === null
        ? list.filter((e) => e.id !== id)
        : list.map((e) => (e.id === id ? { ...e, ...patch } : e)),
    );
  const errorText = useErrorText();
  const reason = (code: string) => t(`api_errors.${code}`, { max: UPLOAD_SIZE });

  /** Uploads each file, unless `refuse` (or the upload rules) names why not. */
  const upload = (files: File[], refuse?: (file: File) => string | null) => {
    for (const file of files) {
      const id = crypto.randomUUID();
      const code = uploadProblem(file);
      const problem = refuse?.(file) ?? (code ? reason(code) : null);
      setEntries((list) => [
        ...list,
        { id, name: file.name, status: problem ? 'failed' : 'uploading', message: problem ?? '' },
      ]);
      if (problem) continue;
      client.photos.upload({ body: { image: file, propertyId } }).then(
        (image) => {
          update(id, null);
          onUploaded(image, file);
        },
        (error: unknown) => {
          // Document 2 §8: a failed upload is logged; here it is also told, beside the file.
          console.error('upload failed', file.name, error);
          update(id, { status: 'failed', message: errorText(error) });
        },
      );
    }
  };
  return { entries, upload, dismiss: (id: string) => update(id, null) };
}
