import type { PhotoDraft, PhotosEvent } from '@tern/core/admin';
import { PHOTO_KINDS, type PhotoKind } from '@tern/sdk';
import { GridList, GridListItem, Button as RACButton, useDragAndDrop } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';

export interface PhotoGridProps {
  /** The shown photos, in order. */
  photos: PhotoDraft[];
  /** Field errors by photo address. */
  errors: Record<string, string>;
  /** `photosMachine`'s events: `photos.move`, `photo.edit`, `photo.remove`. */
  send: (event: PhotosEvent) => void;
  /** Each photo has a description and a kind (default); a gift card type's photos have neither. */
  describe?: boolean;
}

/**
 * The shown photos as a grid list that reorders by dragging — with a mouse, or from each row's handle with the
 * keyboard (Enter to pick up, arrows to choose the place, Enter to drop), as react-aria's drag and drop gives.
 * Tab moves into a row's fields, so typing in a description never moves the list.
 */
export function PhotoGrid({ photos, errors, send, describe = true }: PhotoGridProps) {
  const { t } = useTranslation();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) =>
      send({
        type: 'photos.move',
        urls: [...e.keys].map(String),
        target: String(e.target.key),
        where: e.target.dropPosition === 'before' ? 'before' : 'after',
      }),
  });
  const kinds = PHOTO_KINDS.map((k) => ({ id: k, label: t(`property_photos.kinds.${k}`) }));
  const items = photos.map((photo, index) => ({ id: photo.url, photo, number: index + 1 }));
  return (
    <GridList
      aria-label={t('property_photos.list')}
      className="photo-grid"
      items={items}
      dragAndDropHooks={dragAndDropHooks}
      keyboardNavigationBehavior="tab"
      dependencies={[errors, t, describe]}
      renderEmptyState={() => <p className="photo-grid__empty">{t('property_photos.empty')}</p>}
    >
      {({ photo, number }) => (
        <GridListItem id={photo.url} textValue={t('property_photos.photo', { number })} className="photo-row">
          <RACButton
            slot="drag"
            className="photo-row__handle"
            aria-label={t('property_photos.move', { number })}
          >
            <span aria-hidden="true">⠿</span>
          </RACButton>
          <img className="photo-row__thumb" src={`${photo.url}?w=575`} alt="" width={160} height={107} />
          <div className="photo-row__fields">
            <p className="photo-row__position">
              {t('property_photos.position', { number })}
              {photo.saved ? null : (
                <span className="photo-row__unsaved"> · {t('property_photos.unsaved')}</span>
              )}
            </p>
            {describe ? (
              <>
                <TextField
                  label={t('property_photos.description')}
                  value={photo.description}
                  onChange={(description) =>
                    send({ type: 'photo.edit', url: photo.url, patch: { description } })
                  }
                  isRequired
                  errorMessage={errors[photo.url] ?? null}
                />
                <Select
                  label={t('property_photos.kind')}
                  options={kinds}
                  selectedKey={photo.kind}
                  onSelectionChange={(kind) =>
                    send({ type: 'photo.edit', url: photo.url, patch: { kind: kind as PhotoKind } })
                  }
                />
              </>
            ) : null}
          </div>
          <Button
            variant="quiet"
            className="photo-row__remove"
            aria-label={t('property_photos.remove_named', { number })}
            onPress={() => send({ type: 'photo.remove', url: photo.url })}
          >
            {t('property_photos.remove')}
          </Button>
        </GridListItem>
      )}
    </GridList>
  );
}
