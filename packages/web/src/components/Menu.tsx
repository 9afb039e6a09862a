import type { ReactNode } from 'react';
import {
  Button,
  MenuTrigger,
  Popover,
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  type MenuItemProps as RACMenuItemProps,
} from 'react-aria-components';
import './Menu.css';
import { Tooltip } from './Tooltip';

export interface MenuProps {
  /** The trigger's accessible name. */
  label: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  /** The trigger shows an icon only (row actions' ⋯): its name is shown as a tooltip on hover and focus too. */
  iconOnly?: boolean;
  children: ReactNode;
}

/** A menu button with its popover menu (the user menu, row actions). */
export function Menu({ label, trigger, iconOnly, children }: MenuProps) {
  const button = (
    <Button className="menu__trigger" aria-label={label}>
      {trigger}
    </Button>
  );
  return (
    <MenuTrigger>
      {iconOnly ? <Tooltip text={label}>{button}</Tooltip> : button}
      <Popover className="menu__popover" placement="bottom end">
        <RACMenu className="menu">{children}</RACMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem({
  className,
  ...props
}: Omit<RACMenuItemProps, 'className'> & { className?: string }) {
  return <RACMenuItem {...props} className={['menu__item', className ?? ''].filter(Boolean).join(' ')} />;
}
