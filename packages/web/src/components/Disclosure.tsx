import type { ReactNode } from 'react';
import {
  DisclosurePanel,
  Heading,
  Button as RACButton,
  Disclosure as RACDisclosure,
} from 'react-aria-components';
import './Disclosure.css';

export interface DisclosureProps {
  /** The trigger's words (a button that shows or hides the panel; `aria-expanded` says which). */
  title: ReactNode;
  /** The heading level the trigger sits in (default 4). */
  level?: 2 | 3 | 4 | 5 | 6;
  defaultExpanded?: boolean;
  children: ReactNode;
}

/** Something shown on demand (react-aria's Disclosure): a button in a heading, and the panel it opens. */
export function Disclosure({ title, level = 4, defaultExpanded = false, children }: DisclosureProps) {
  return (
    <RACDisclosure className="disclosure" defaultExpanded={defaultExpanded}>
      <Heading level={level} className="disclosure__heading">
        <RACButton slot="trigger" className="disclosure__trigger">
          <span aria-hidden="true" className="disclosure__chevron">
            ›
          </span>
          {title}
        </RACButton>
      </Heading>
      <DisclosurePanel className="disclosure__panel">{children}</DisclosurePanel>
    </RACDisclosure>
  );
}
