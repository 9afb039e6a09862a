import { type PhotosContext, type PhotosEvent, shownPhotos } from '@tern/core/admin';
import { UPLOAD_TYPES } from '@tern/sdk';
import type { ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { useErrorText } from '../errors/useErrorText';
import { PhotoGrid } from './PhotoGrid';
import { UploadList } from './UploadList';
import './photos.css';

export interface PhotosPanelProps {
  /** Core's `photosMachine`: its snapshot (context, state and `can`), its events, and the file picker's entry. */
  snapshot: {
    context: PhotosContext;
    can: (event: PhotosEvent) => boolean;
    matches: (state: 'confirmingRemoval') => boolean;
  };
  send: (event: PhotosEvent) => void;
  pick: (files: FileList | File[]) => void;
  /** What the photos are for, above the buttons. */
  intro: string;
  /** Each photo has a description and a kind (a property's or unit's photos); a gift card type's have neither. */
  describe?: boolean;
  /** More buttons beside Upload (the photos page's Save). */
  actions?: ReactNode;
  /** The removal's explanation: what removing a saved or an unsaved photo does. */
  removalNote: (saved: boolean) => string;
}

/**
 * The photos' editor on core's `photosMachine` — upload (several at once, an indicator and an error per file),
 * the grid that reorders by dragging (mouse or keyboard), removal after a confirmation — for a property's photos,
 * a unit's and a gift card type's. Saving is the caller's (`actions`, or the form the photos belong to).
 */
export function PhotosPanel({
  snapshot,
  send,
  pick,
  intro,
  describe = true,
  actions,
  removalNote,
}: PhotosPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { drafts, uploads, missing, fieldErrors, removing } = snapshot.context;
  const shown = shownPhotos(drafts);
  const removedCount = drafts.length - shown.length;
  const removingDraft = removing ? drafts.find((d) => d.url === removing.url) : undefined;
  const required = t('validation_messages.required');
  const errors = {
    ...Object.fromEntries(missing.map((url) => [url, required])),
    ...Object.fromEntries(Object.entries(fieldErrors).map(([url, failure]) => [url, errorText(failure)])),
  };
  return (
    <div className="stack photos-editor">
      <p>{intro}</p>
      <div className="photos-editor__toolbar">
        <FileTrigger
          acceptedFileTypes={[...UPLOAD_TYPES]}
          allowsMultiple
          onSelect={(files) => files && pick(files)}
        >
          <Button variant="secondary" isDisabled={!snapshot.can({ type: 'files.pick', files: [] })}>
            {t('property_photos.upload')}
          </Button>
        </FileTrigger>
        {actions}
      </div>
      <UploadList entries={uploads} onDismiss={(id) => send({ type: 'upload.dismiss', id })} />
      <PhotoGrid photos={shown} errors={errors} send={send} describe={describe} />
      {describe && removedCount > 0 ? (
        <p className="photos-editor__removed">{t('property_photos.removed', { count: removedCount })}</p>
      ) : null}
      <AlertDialog
        title={
          removing
            ? describe
              ? t('property_photos.remove_question', {
                  number: removing.number,
                  description: removingDraft?.description || '—',
                })
              : t('property_photos.remove_question_plain', { number: removing.number })
            : ''
        }
        isOpen={snapshot.matches('confirmingRemoval')}
        onOpenChange={() => {}}
        onCancel={() => send({ type: 'removal.cancel' })}
        confirmLabel={t('property_photos.remove')}
        cancelLabel={t('property_photos.cancel')}
        destructive
        onConfirm={() => send({ type: 'removal.confirm' })}
      >
        {removalNote(removingDraft?.saved ?? false)}
      </AlertDialog>
    </div>
  );
}
