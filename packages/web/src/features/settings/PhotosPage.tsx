import { useQueryClient } from '@tanstack/react-query';
import {
  addUpload,
  draftsOf,
  editPhoto,
  movePhotos,
  type PhotoDraft,
  photosBodyOf,
  photosLeft,
  removePhoto,
  shownPhotos,
  undescribed,
} from '@tern/core';
import { MAX_PHOTOS, type PropertyPhotos, UPLOAD_TYPES, type UploadedImage } from '@tern/sdk';
import { useCallback, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { PhotoGrid } from './PhotoGrid';
import { SettingsFrame } from './SettingsFrame';
import { UploadList } from './UploadList';
import { PHOTOS_KEY, UPLOAD_SIZE, useImageUpload } from './useImageUpload';
import '../admin/admin.css';
import './photos.css';

/**
 * `/settings/photos` (document 2 §3 content.photos, §4, §5, §8, §9; M17): the selected property's photos — upload
 * (several at once, an indicator and an error per file), a description (required) and a kind each, order by
 * dragging (mouse or keyboard), removal after a confirmation — saved together; resellers then see them so.
 */
export function PhotosPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { property } = useSelectedProperty();
  const id = property?.id ?? null;
  const photos = useApiQuery(
    [PHOTOS_KEY, id],
    (client, signal) => client.photos.list({ params: { id: id! } }, { signal }),
    { enabled: id !== null },
  );
  return (
    <SettingsFrame>
      <div className="page admin stack">
        <PageHeading>{t('property_photos.heading')}</PageHeading>
        {!property ? (
          <EmptyState title={t('promo_codes.no_property')} />
        ) : photos.isPending ? (
          <Spinner label={t('general.loading')} />
        ) : photos.error ? (
          <Alert variant="error" title={t('general.error_message')}>
            {errorText(photos.error)}
          </Alert>
        ) : (
          <PhotosEditor key={property.id} propertyId={property.id} photos={photos.data} />
        )}
      </div>
    </SettingsFrame>
  );
}

function PhotosEditor({ propertyId, photos }: { propertyId: string; photos: PropertyPhotos }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<PhotoDraft[]>(() => draftsOf(photos.photos));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ draft: PhotoDraft; number: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const onUploaded = useCallback(
    (image: UploadedImage) => setDrafts((d) => addUpload(d, image.publicUrl)),
    [],
  );
  const uploads = useImageUpload(propertyId, onUploaded);
  const shown = shownPhotos(drafts);
  const removedCount = drafts.length - shown.length;

  const choose = (files: FileList | null) => {
    if (!files) return;
    let left = photosLeft(drafts) - uploads.entries.filter((e) => e.status === 'uploading').length;
    uploads.upload([...files], (file) =>
      left-- > 0 ? null : t('property_photos.too_many', { max: MAX_PHOTOS, name: file.name }),
    );
  };

  const save = async () => {
    const missing = undescribed(drafts);
    const required = t('validation_messages.required');
    setErrors(Object.fromEntries(missing.map((url) => [url, required])));
    if (missing.length) {
      toast.error(t('general.error_message'), t('property_photos.describe_all'));
      return;
    }
    setBusy(true);
    const body = photosBodyOf(drafts);
    try {
      const saved = await client.photos.save({ params: { id: propertyId }, body });
      setDrafts(draftsOf(saved.photos));
      queryClient.setQueryData([PHOTOS_KEY, propertyId], saved);
      toast.success(t('property_photos.saved'));
    } catch (error) {
      // `photos.3.description` → the photo sent fourth.
      const fields =
        (error as { fields?: { field: string; message: string; code?: string; params?: object }[] }).fields ??
        [];
      setErrors(
        Object.fromEntries(
          fields.flatMap((f) => {
            const index = /^photos\.(\d+)\./.exec(f.field)?.[1];
            const url = index === undefined ? undefined : body.photos[Number(index)]?.url;
            const words = errorText({ code: f.code ?? null, params: f.params ?? {}, message: f.message });
            return url ? [[url, words]] : [];
          }),
        ),
      );
      toast.error(t('general.error_message'), errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack photos-editor">
      <p>{t('property_photos.intro', { size: UPLOAD_SIZE, max: MAX_PHOTOS })}</p>
      <div className="photos-editor__toolbar">
        <FileTrigger acceptedFileTypes={[...UPLOAD_TYPES]} allowsMultiple onSelect={choose}>
          <Button variant="secondary">{t('property_photos.upload')}</Button>
        </FileTrigger>
        <Button onPress={save} isPending={busy}>
          {t('property_photos.save')}
        </Button>
      </div>
      <UploadList entries={uploads.entries} onDismiss={uploads.dismiss} />
      <PhotoGrid
        photos={shown}
        errors={errors}
        onReorder={(urls, target, where) => setDrafts((d) => movePhotos(d, urls, target, where))}
        onEdit={(url, patch) => setDrafts((d) => editPhoto(d, url, patch))}
        onRemove={(draft, number) => setRemoving({ draft, number })}
      />
      {removedCount > 0 ? (
        <p className="photos-editor__removed">{t('property_photos.removed', { count: removedCount })}</p>
      ) : null}
      <AlertDialog
        title={
          removing
            ? t('property_photos.remove_question', {
                number: removing.number,
                description: removing.draft.description || '—',
              })
            : ''
        }
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        confirmLabel={t('property_photos.remove')}
        cancelLabel={t('property_photos.cancel')}
        destructive
        onConfirm={() => {
          if (removing) setDrafts((d) => removePhoto(d, removing.draft.url));
        }}
      >
        {removing?.draft.saved ? t('property_photos.remove_saved') : t('property_photos.remove_unsaved')}
      </AlertDialog>
    </div>
  );
}
