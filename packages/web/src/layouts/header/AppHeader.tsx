import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { useNavigation } from '../../navigation/useNavigation';
import { useSession } from '../../session/SessionContext';
import { Logo } from '../Logo';
import { DesktopNav } from './DesktopNav';
import { MobileNav, PropertySwitcher, UserMenu } from './deferredParts';
import './header.css';

export function AppHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const nav = useNavigation();
  if (!session || !nav) return null;
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <MobileNav nav={nav} user={session.user} />
        <Link href={nav.logoTo} variant="nav" aria-label={t('navigation.home')} className="app-header__logo">
          <Logo />
        </Link>
        <DesktopNav entries={nav.links} />
        <div className="app-header__end">
          {nav.propertySwitcher ? <PropertySwitcher className="app-header__desktop-only" /> : null}
          <UserMenu entries={nav.userMenu} user={session.user} />
        </div>
      </div>
    </header>
  );
}
