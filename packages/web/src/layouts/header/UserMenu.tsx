import type { NavEntry } from '@tern/core/navigation';
import type { User } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem } from '../../components/Menu';
import { NewTabNote } from '../../components/NewTabNote';
import { initialsOf } from './initials';
import { useNavActions } from './useNavActions';
import { WarningDot } from './WarningDot';

export { initialsOf };

export interface UserMenuProps {
  entries: NavEntry[];
  user: User;
}

/** The user menu (document 3 §10): the entries core gives for the role, as far as the app has them. */
export function UserMenu({ entries, user }: UserMenuProps) {
  const { t } = useTranslation();
  const { hrefOf, run } = useNavActions();
  // The dot shows on the closed menu too; its name joins the trigger's.
  const warning = entries.some((entry) => entry.warningDot);
  return (
    <Menu
      label={
        warning
          ? t('billing.user_menu_warning', { name: user.name })
          : t('navigation.user_menu', { name: user.name })
      }
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initialsOf(user.name)}
            {warning ? <span className="warning-dot warning-dot--avatar" /> : null}
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
          target={entry.newTab ? '_blank' : undefined}
          rel={entry.newTab ? 'noopener noreferrer' : undefined}
          isDisabled={entry.disabled}
          onAction={() => run(entry)}
          textValue={t(entry.labelKey)}
        >
          {t(entry.labelKey)}
          {entry.newTab ? <NewTabNote /> : null}
          {entry.warningDot ? <WarningDot /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
