import type { NavEntry } from '@tern/core/navigation';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { StoreNav } from './deferredParts';
import { useNavActions } from './useNavActions';

/** The desktop links (hidden at 991 px and below, where the drawer has them). */
export function DesktopNav({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  const { isCurrent, hrefOf } = useNavActions();
  return (
    <nav aria-label={t('navigation.main')} className="app-header__nav">
      <ul className="nav-list">
        {entries.map((entry) =>
          entry.target.kind === 'store' ? (
            <StoreNav key={entry.id} />
          ) : (
            <li key={entry.id}>
              <Link
                variant="nav"
                href={hrefOf(entry)}
                isDisabled={entry.disabled}
                aria-current={isCurrent(entry) ? 'page' : undefined}
                target={entry.newTab ? '_blank' : undefined}
              >
                {t(entry.labelKey)}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
