import type { NavEntry } from '@tern/core';
import type { User } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem } from '../../components/Menu';
import { useNavActions } from './useNavActions';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The user menu (document 3 §10): the entries core gives for the role, as far as the app has them. */
export function UserMenu({ entries, user }: { entries: NavEntry[]; user: User }) {
  const { t } = useTranslation();
  const { hrefOf, run } = useNavActions();
  return (
    <Menu
      label={t('navigation.user_menu', { name: user.name })}
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initialsOf(user.name)}
          </span>
          <span className="app-header__user-name">{user.name}</span>
        </>
      }
    >
      {entries.map((entry) => (
        <MenuItem
          key={entry.id}
          id={entry.id}
          href={hrefOf(entry)}
          isDisabled={entry.disabled}
          onAction={() => run(entry)}
          textValue={t(entry.labelKey)}
        >
          {t(entry.labelKey)}
        </MenuItem>
      ))}
    </Menu>
  );
}
