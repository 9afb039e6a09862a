import { useQueryClient } from '@tanstack/react-query';
import { type PickedFile, photosMachine, type UploadPhotoInput } from '@tern/core/admin';
import type { PropertyPhotos, TernClient } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { PHOTOS_KEY, UNIT_PHOTOS_KEY } from './useImageUpload';

/** `photosMachine`'s upload: the picked file to the property's uploads (a property's, unit's or gift card's photo). */
export const uploadActor = (client: TernClient) =>
  fromPromise(({ input }: { input: UploadPhotoInput }) =>
    client.photos.upload({ body: { image: input.file as File, propertyId: input.propertyId } }),
  );

/**
 * Core's `photosMachine` (M17) for a property's photos, or a unit's when `unitId` is given (uploads are the
 * property's either way), its `upload` and `save` actors on the session's client: the page renders its snapshot
 * and sends its events; what it emits becomes the toasts, the cached list and the log line of a failed upload
 * (document 2 §8).
 */
export function usePhotosMachine(photos: PropertyPhotos, propertyId: string, unitId: string | null = null) {
  const { t } = useTranslation();
  const { client } = useServices();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      photosMachine.provide({
        actors: {
          upload: uploadActor(client),
          save: fromPromise(({ input }) =>
            unitId === null
              ? client.photos.save({ params: { id: input.propertyId }, body: input.body })
              : client.roomsAndRates.saveUnitPhotos({ params: { roomTypeId: unitId }, body: input.body }),
          ),
        },
      }),
    [client, unitId],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { propertyId, photos: photos.photos } });
  const words = useRef({ t, errorText });
  words.current = { t, errorText };
  useEffect(() => {
    const subscriptions = [
      actor.on('photos.saved', ({ photos: saved }) => {
        queryClient.setQueryData(
          unitId === null ? [PHOTOS_KEY, propertyId] : [UNIT_PHOTOS_KEY, unitId],
          saved,
        );
        toast.success(
          words.current.t(unitId === null ? 'property_photos.saved' : 'rooms_and_rates.unit.photos_saved'),
        );
      }),
      actor.on('photos.incomplete', () =>
        toast.error(
          words.current.t('general.error_message'),
          words.current.t('property_photos.describe_all'),
        ),
      ),
      actor.on('photos.failed', ({ error }) =>
        toast.error(words.current.t('general.error_message'), words.current.errorText(error)),
      ),
      actor.on('upload.failed', ({ name, error }) => console.error('upload failed', name, error)),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [actor, queryClient, propertyId, unitId]);
  const pick = (files: FileList | File[]) =>
    send({
      type: 'files.pick',
      files: [...files].map((file): PickedFile<File> => ({ name: file.name, size: file.size, file })),
    });
  return { snapshot, send, pick };
}
