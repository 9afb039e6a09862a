import { MAX_PHOTOS, type PropertyPhotos } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { LoadingSkeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { QueryErrorState } from '../errors/QueryErrorState';
import { PhotosPanel } from './PhotosPanel';
import { SettingsFrame } from './SettingsFrame';
import { PHOTOS_KEY, UPLOAD_SIZE } from './useImageUpload';
import { usePhotosMachine } from './usePhotosMachine';
import '../admin/admin.css';
import './photos.css';

/**
 * `/settings/photos` (document 2 §3 content.photos, §4, §5, §8, §9; M17): the selected property's photos — upload
 * (several at once, an indicator and an error per file, joined in the order picked, at most 100), a description
 * (required) and a kind each, order by dragging (mouse or keyboard), removal after a confirmation — saved
 * together; resellers then see them so. The flow is core's `photosMachine`; this only renders it.
 */
export function PhotosPage() {
  const { t } = useTranslation();
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
          <LoadingSkeleton label={t('general.loading')} />
        ) : photos.error ? (
          <QueryErrorState query={photos} />
        ) : (
          <PhotosEditor
            key={property.id}
            propertyId={property.id}
            photos={photos.data}
            intro={t('property_photos.intro', { size: UPLOAD_SIZE, max: MAX_PHOTOS })}
          />
        )}
      </div>
    </SettingsFrame>
  );
}

export interface PhotosEditorProps {
  propertyId: string;
  /** A unit's photos instead of the property's (the unit drawer). */
  unitId?: string | null;
  photos: PropertyPhotos;
  /** What the photos are for, above the buttons. */
  intro: string;
}

/** The photos' editor (uploads, grid, save, removal), of a property or of one of its units. */
export function PhotosEditor({ propertyId, unitId = null, photos, intro }: PhotosEditorProps) {
  const { t } = useTranslation();
  const { snapshot, send, pick } = usePhotosMachine(photos, propertyId, unitId);
  return (
    <PhotosPanel
      snapshot={snapshot}
      send={send}
      pick={pick}
      intro={intro}
      removalNote={(saved) => t(saved ? 'property_photos.remove_saved' : 'property_photos.remove_unsaved')}
      actions={
        <Button
          onPress={() => send({ type: 'photos.save' })}
          isPending={snapshot.hasTag('busy')}
          isDisabled={!snapshot.hasTag('busy') && !snapshot.can({ type: 'photos.save' })}
        >
          {t('property_photos.save')}
        </Button>
      }
    />
  );
}
