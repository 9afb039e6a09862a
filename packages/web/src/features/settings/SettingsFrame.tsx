import { Link, useRouterState } from '@tanstack/react-router';
import { settingsMenu } from '@tern/core/navigation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { availableRoutes } from '../../router/screens';
import { useManagesSelectedProperty } from '../../session/useManagesSelectedProperty';
import './settings.css';

/**
 * The property settings area (document 2 §2): a side menu — property details, rooms and rates, gift card stores,
 * payment providers, and admin for a manager of the selected property — with the entry of the current path
 * marked; the page beside it. Entries whose screens are not built yet are left out, as in the navigation.
 */
export function SettingsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const manager = useManagesSelectedProperty();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const entries = settingsMenu(manager).filter((e) => availableRoutes.has(e.to));
  return (
    <div className="settings">
      <nav className="settings__menu" aria-label={t('page_titles.settings')}>
        <ul>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.to}
                className="settings__link"
                aria-current={path === entry.to ? 'page' : undefined}
              >
                {t(entry.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__page">{children}</div>
    </div>
  );
}
