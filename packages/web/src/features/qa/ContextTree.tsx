import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A machine's context as a tree of disclosures: an object or a list is a button (`aria-expanded`, one tab stop
 * each) that opens and closes it with Enter or Space; a leaf shows its value as JSON.
 */
export function ContextTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul className="qa-tree" aria-label={label}>
      <Node name={label} value={value} open />
    </ul>
  );
}

function Node({ name, value, open = false }: { name: string; value: unknown; open?: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(open);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const size = Array.isArray(value)
      ? t('qa_machines.tree_items', { count: entries.length })
      : t('qa_machines.tree_keys', { count: entries.length });
    return (
      <li>
        <button
          type="button"
          className="qa-tree__branch"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? '▾ ' : '▸ '}
          <span className="qa-tree__key">{name}</span> <span className="qa-tree__size">{size}</span>
        </button>
        {expanded && entries.length > 0 && (
          <ul>
            {entries.map(([key, v]) => (
              <Node key={key} name={key} value={v} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  return (
    <li>
      <span className="qa-tree__key">{name}</span>: <code>{JSON.stringify(value) ?? 'undefined'}</code>
    </li>
  );
}
