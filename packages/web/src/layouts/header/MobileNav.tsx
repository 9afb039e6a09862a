import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { Link } from '../../components/Link';
import { NewTabNote } from '../../components/NewTabNote';
import type { MobileNavProps } from './deferredParts';
import { MenuIcon } from './MenuIcon';
import { PropertySwitcher } from './PropertySwitcher';
import { StoreNav } from './StoreNav';
import { useNavActions } from './useNavActions';
import { WarningDot } from './WarningDot';

/** At 991 px and below: a menu button opening a side drawer with the same entries (document 3 §10). */
export function MobileNav({ nav, user }: MobileNavProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { isCurrent, hrefOf, run } = useNavActions();
  const entries = [...nav.links, ...nav.userMenu];
  return (
    <div className="app-header__mobile-only">
      <Button variant="quiet" onPress={() => setOpen(true)} aria-label={t('navigation.open_menu')}>
        <MenuIcon />
      </Button>
      <Drawer title={t('navigation.mobile_title')} isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <div className="mobile-nav">
            <p className="mobile-nav__user">
              <strong>{user.name}</strong>
              <br />
              <span className="muted">{user.email}</span>
            </p>
            {nav.propertySwitcher ? <PropertySwitcher /> : null}
            <nav aria-label={t('navigation.main')}>
              <ul className="mobile-nav__list">
                {entries.map((entry) =>
                  entry.target.kind === 'store' ? (
                    <StoreNav key={entry.id} mobile />
                  ) : (
                    <li key={entry.id}>
                      {entry.target.kind === 'action' ? (
                        <Button
                          variant="quiet"
                          fullWidth
                          className="mobile-nav__item"
                          isDisabled={entry.disabled}
                          onPress={() => {
                            close();
                            run(entry);
                          }}
                        >
                          {t(entry.labelKey)}
                          {entry.warningDot ? <WarningDot /> : null}
                        </Button>
                      ) : (
                        <Link
                          variant="nav"
                          className="mobile-nav__item"
                          href={hrefOf(entry)}
                          isDisabled={entry.disabled}
                          aria-current={isCurrent(entry) ? 'page' : undefined}
                          target={entry.newTab ? '_blank' : undefined}
                          rel={entry.newTab ? 'noopener noreferrer' : undefined}
                          onPress={close}
                        >
                          {t(entry.labelKey)}
                          {entry.newTab ? <NewTabNote /> : null}
                        </Link>
                      )}
                    </li>
                  ),
                )}
              </ul>
            </nav>
            <Button variant="secondary" fullWidth onPress={close}>
              {t('navigation.close_menu')}
            </Button>
          </div>
        )}
      </Drawer>
    </div>
  );
}
