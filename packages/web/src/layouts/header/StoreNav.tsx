import { storeNavEntry } from '@tern/core/giftCards';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { Menu, MenuItem } from '../../components/Menu';
import { NewTabNote } from '../../components/NewTabNote';
import { useStores } from '../../features/settings/storesData';
import { useSelectedProperty } from '../../session/SelectedProperty';

/**
 * The navigation's Store entry (document 3 §10): the selected property's active gift-card stores — none shows
 * nothing, one a link, several a drop-down — each opening the public store in a new tab. `mobile` lists them as
 * the drawer's links.
 */
export function StoreNav({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const stores = useStores(property?.id ?? null);
  const entry = storeNavEntry(stores.data?.items ?? []);
  if (entry.kind === 'none') return null;
  const label = t('navigation.store');
  if (entry.kind === 'link' || mobile) {
    const list = entry.kind === 'link' ? [entry.store] : entry.stores;
    return (
      <>
        {list.map((store) => (
          <li key={store.id}>
            <Link
              variant="nav"
              className={mobile ? 'mobile-nav__item' : undefined}
              href={store.publicPath}
              target="_blank"
              rel="noopener noreferrer"
            >
              {entry.kind === 'link' ? label : `${label}: ${store.name}`}
              {mobile ? <NewTabNote /> : null}
            </Link>
          </li>
        ))}
      </>
    );
  }
  return (
    <li>
      <Menu label={label} trigger={<span className="nav-store__trigger">{label} ▾</span>}>
        {entry.stores.map((store) => (
          <MenuItem
            key={store.id}
            id={store.id}
            href={store.publicPath}
            target="_blank"
            rel="noopener noreferrer"
          >
            {store.name}
          </MenuItem>
        ))}
      </Menu>
    </li>
  );
}
