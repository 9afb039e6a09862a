import type { Navigation } from '@tern/core/navigation';
import type { User } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { deferred, FieldPlaceholder } from '../../components/deferred';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSession } from '../../session/SessionContext';
import { initialsOf } from './initials';
import { MenuIcon } from './MenuIcon';
import type { UserMenuProps } from './UserMenu';
import '../../components/Menu.css';

// The header's menus are chunks of their own, fetched as soon as the frame draws: the user menu (react-aria's
// menu and popover), the phone's drawer (its modal) and the property select (its list box) are not in any
// page's first load (`bench/size.ts`). Until one arrives its button shows as it will, without acting.

function UserMenuPlaceholder({ entries, user }: UserMenuProps) {
  const warning = entries.some((entry) => entry.warningDot);
  return (
    <span className="menu__trigger" aria-hidden="true">
      <span className="avatar">
        {initialsOf(user.name)}
        {warning ? <span className="warning-dot warning-dot--avatar" /> : null}
      </span>
      <span className="app-header__user-name">{user.name}</span>
    </span>
  );
}

export const UserMenu = deferred<UserMenuProps>(
  () => import('./UserMenu').then((m) => m.UserMenu),
  UserMenuPlaceholder,
  'UserMenu',
);

export interface MobileNavProps {
  nav: Navigation;
  user: User;
}

function MobileNavPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="app-header__mobile-only">
      <Button variant="quiet" isDisabled aria-label={t('navigation.open_menu')}>
        <MenuIcon />
      </Button>
    </div>
  );
}

export const MobileNav = deferred<MobileNavProps>(
  () => import('./MobileNav').then((m) => m.MobileNav),
  MobileNavPlaceholder,
  'MobileNav',
);

function PropertySwitcherPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { property, properties } = useSelectedProperty();
  const session = useSession();
  if (session?.userRole !== 'admin' && properties.length === 0) return null;
  return (
    <FieldPlaceholder
      label={t('property_switcher.label')}
      hideLabel
      value={property?.name ?? null}
      className={['property-switcher', className ?? ''].filter(Boolean).join(' ')}
    />
  );
}

export const PropertySwitcher = deferred<{ className?: string }>(
  () => import('./PropertySwitcher').then((m) => m.PropertySwitcher),
  PropertySwitcherPlaceholder,
  'PropertySwitcher',
);

/** The Store entry: nothing until its chunk (and the property's stores) are in. */
export const StoreNav = deferred<{ mobile?: boolean }>(
  () => import('./StoreNav').then((m) => m.StoreNav),
  () => null,
  'StoreNav',
);

/** Every deferred part of the header, for tests that draw the app with them already loaded. */
export const headerParts = [UserMenu, MobileNav, PropertySwitcher, StoreNav];
