import { isUploading, type PickedFile, photosMachine, shownPhotos } from '@tern/core/admin';
import { GIFT_CARD_PHOTOS_MAX, NEW_PHOTO_KIND, type PhotoItem } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../session/SessionContext';
import { PhotosPanel } from '../settings/PhotosPanel';
import { UPLOAD_SIZE } from '../settings/useImageUpload';
import { uploadActor } from '../settings/usePhotosMachine';

/** A type's photo as core's photos machine holds it: no description nor kind (a gift card photo has neither). */
const itemOf = (url: string, position: number, propertyId: string): PhotoItem => ({
  url,
  description: '',
  kind: NEW_PHOTO_KIND,
  author: '',
  isRemoved: false,
  position,
  propertyId,
  roomTypeId: null,
});

/**
 * The type's photos (document 3 §3, §5, §9): png or jpeg uploads of the property, reordered by dragging (mouse or
 * keyboard), removed after a confirmation, at most 20 — the property photos' editor (`PhotosPanel` on core's
 * `photosMachine`) without descriptions. The shown photos, in order, are the form's `photos`, saved with the type.
 */
export function TypePhotos({
  propertyId,
  photos,
  disabled,
  error,
  onChange,
  onUploading,
  max = GIFT_CARD_PHOTOS_MAX,
  label,
}: {
  propertyId: string;
  photos: { url: string }[];
  disabled: boolean;
  /** At most this many (a campaign option's: one). */
  max?: number;
  /** The section's heading (the type form's "Photos" by default). */
  label?: string;
  error: string | null;
  onChange: (photos: { url: string }[]) => void;
  /** Whether a file is on its way (the type waits for it: its photo would be lost). */
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const heading = label ?? t('gift_cards.fields.photos');
  if (disabled)
    return (
      <section className="stack" aria-label={heading}>
        <h3>{heading}</h3>
        {photos.length === 0 ? <p>{t('property_photos.empty')}</p> : null}
        <ul className="gift-type-photos" aria-label={t('property_photos.list')}>
          {photos.map((p, i) => (
            <li key={p.url}>
              <img src={`${p.url}?w=575`} alt={t('property_photos.photo', { number: i + 1 })} width={160} />
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <section className="stack" aria-label={heading}>
      <h3>{heading}</h3>
      <PhotosEditing
        propertyId={propertyId}
        photos={photos}
        onChange={onChange}
        onUploading={onUploading}
        max={max}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function PhotosEditing({
  propertyId,
  photos,
  onChange,
  onUploading,
  max,
}: {
  propertyId: string;
  photos: { url: string }[];
  onChange: (photos: { url: string }[]) => void;
  onUploading: (uploading: boolean) => void;
  max: number;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const logic = useMemo(
    () =>
      photosMachine.provide({
        actors: { upload: uploadActor(client) },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(logic, {
    input: {
      propertyId,
      photos: photos.map((p, i) => itemOf(p.url, i, propertyId)),
      max,
    },
  });
  // The shown photos, in order, are the form's: told whenever they change (an upload joined, a move, a removal).
  const shown = shownPhotos(snapshot.context.drafts).map((d) => d.url);
  const key = shown.join('\n');
  const told = useRef(photos.map((p) => p.url).join('\n'));
  const tell = useRef(onChange);
  tell.current = onChange;
  useEffect(() => {
    if (key === told.current) return;
    told.current = key;
    tell.current(key === '' ? [] : key.split('\n').map((url) => ({ url })));
  }, [key]);
  const uploading = isUploading(snapshot.context.uploads);
  const tellUploading = useRef(onUploading);
  tellUploading.current = onUploading;
  useEffect(() => tellUploading.current(uploading), [uploading]);
  const pick = (files: FileList | File[]) =>
    send({
      type: 'files.pick',
      files: [...files].map((file): PickedFile<File> => ({ name: file.name, size: file.size, file })),
    });
  return (
    <PhotosPanel
      snapshot={snapshot}
      send={send}
      pick={pick}
      describe={false}
      intro={t('gift_cards.fields.photos_intro', { size: UPLOAD_SIZE, max })}
      removalNote={() => t('gift_cards.fields.photo_remove_note')}
    />
  );
}
