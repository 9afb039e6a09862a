import type { ReactNode } from 'react';
import {
  type Key,
  Tab as RACTab,
  TabList as RACTabList,
  TabPanel as RACTabPanel,
  Tabs as RACTabs,
} from 'react-aria-components';
import './Tabs.css';

export interface TabsProps {
  selectedKey: string;
  onSelectionChange: (key: string) => void;
  children: ReactNode;
  className?: string;
}

/** Tabs (arrow keys move between tabs; the panel follows). */
export function Tabs({ selectedKey, onSelectionChange, children, className }: TabsProps) {
  return (
    <RACTabs
      className={['tabs', className ?? ''].filter(Boolean).join(' ')}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key) => onSelectionChange(String(key))}
    >
      {children}
    </RACTabs>
  );
}

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RACTabList aria-label={label} className="tabs__list">
      {children}
    </RACTabList>
  );
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  return (
    <RACTab id={id} className="tabs__tab">
      {children}
    </RACTab>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <RACTabPanel id={id} className="tabs__panel">
      {children}
    </RACTabPanel>
  );
}
