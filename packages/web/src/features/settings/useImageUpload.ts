import { pickFiles, settleUpload, type UploadEntry } from '@tern/core/admin';
import { failureOf } from '@tern/core/errorWords';
import { MAX_UPLOAD_BYTES, type UploadedImage } from '@tern/sdk';
import { useRef, useState } from 'react';
import { useServices } from '../../session/SessionContext';

export type { UploadEntry };

/** The query key of a property's photos and logo (`photos.list`). */
export const PHOTOS_KEY = 'propertyPhotos';
/** The query key of a unit's photos (`roomsAndRates.unitPhotos`). */
export const UNIT_PHOTOS_KEY = 'unitPhotos';

export const UPLOAD_SIZE = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/**
 * The logo's upload (document 2 §3 logo, §9: one): a chosen file is refused by core's rules (its name, its size,
 * one at a time) or sent, with an indicator, then handed to `onUploaded`; a refusal stays listed with why until
 * dismissed, and a failure is logged too (§8). The photos' uploads are `photosMachine`'s (`usePhotosMachine`).
 */
export function useImageUpload(propertyId: string, onUploaded: (image: UploadedImage, file: File) => void) {
  const { client } = useServices();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const next = useRef(1);

  const upload = (files: File[]) => {
    const onTheirWay = entries.filter((e) => e.status === 'uploading').length;
    const picked = pickFiles(
      files.map((file) => ({ name: file.name, size: file.size, file })),
      1 - onTheirWay,
      next.current,
      1,
    );
    next.current += picked.length;
    setEntries((list) => [...list, ...picked.map((p) => p.entry)]);
    for (const { entry, file } of picked) {
      if (!file) continue;
      client.photos.upload({ body: { image: file, propertyId } }).then(
        (image) => {
          setEntries((list) => list.filter((e) => e.id !== entry.id));
          onUploaded(image, file);
        },
        (error: unknown) => {
          // Document 2 §8: a failed upload is logged; here it is also told, beside the file.
          console.error('upload failed', file.name, error);
          setEntries((list) => settleUpload(list, entry.id, { error: failureOf(error) }));
        },
      );
    }
  };
  return {
    entries,
    upload,
    dismiss: (id: string) => setEntries((list) => list.filter((e) => e.id !== id)),
  };
}
