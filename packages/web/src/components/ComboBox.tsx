import type { ReactNode } from 'react';
import {
  Button,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  ComboBox as RACComboBox,
  Text,
} from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { Spinner } from './Spinner';
import './ComboBox.css';
import './Field.css';

export interface ComboBoxItem {
  id: string;
  label: string;
  /** A second line (the kind of place, its country). */
  description?: string;
}

export interface ComboBoxProps {
  label: string;
  items: ComboBoxItem[];
  inputValue: string;
  onInputChange: (value: string) => void;
  selectedKey: string | null;
  onSelectionChange: (key: string | null) => void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string | null;
  /** Suggestions are being fetched (a spinner in the field). */
  isLoading?: boolean;
  loadingLabel?: string;
  /** What the list says when nothing matches. */
  emptyText?: string;
  hideLabel?: boolean;
  isDisabled?: boolean;
  className?: string;
  /** Open the list when the field gets focus or as the user types (suggestions from the server). */
  menuTrigger?: 'input' | 'focus' | 'manual';
  /** The form's name of the field (a hidden input carries the choice: a form frame's summary finds it by it). */
  name?: string;
}

/**
 * A text field with a list of suggestions (destinations, countries). The items are the caller's: filtering
 * happens where they come from (the server's `places`), so the list shows them as they are.
 */
export function ComboBox({
  label,
  items,
  inputValue,
  onInputChange,
  selectedKey,
  onSelectionChange,
  placeholder,
  description,
  errorMessage,
  isLoading,
  loadingLabel,
  emptyText,
  hideLabel,
  isDisabled,
  className,
  menuTrigger = 'input',
  name,
}: ComboBoxProps) {
  return (
    <RACComboBox
      className={['field', 'combobox', className ?? ''].filter(Boolean).join(' ')}
      items={items}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => onSelectionChange(key === null ? null : String(key))}
      allowsEmptyCollection={Boolean(emptyText)}
      allowsCustomValue
      menuTrigger={menuTrigger}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      isDisabled={isDisabled}
      name={name}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <div className="field__control">
        <Input className="field__input" placeholder={placeholder} />
        {isLoading ? (
          <span className="combobox__spinner">
            <Spinner size="sm" label={loadingLabel} />
          </span>
        ) : null}
        <Button className="field__addon combobox__button">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="combobox__popover">
        <ListBox
          className="combobox__list"
          // While the options load, the list says so rather than that nothing matches.
          renderEmptyState={() => <p className="combobox__empty">{isLoading ? loadingLabel : emptyText}</p>}
        >
          {(item: ComboBoxItem) => (
            <ListBoxItem id={item.id} className="combobox__option" textValue={item.label}>
              <Text slot="label" className="combobox__label">
                {item.label}
              </Text>
              {item.description ? (
                <Text slot="description" className="combobox__description">
                  {item.description}
                </Text>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
