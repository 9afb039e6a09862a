import type { FacilityGroup } from '@tern/sdk';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';

/** Document 1 §9: the first 4 facilities show before "show more". */
export const FACILITIES_SHOWN = 4;

/** Facilities grouped by category; the first four (across groups) until the list is expanded. */
export function Facilities({ groups }: { groups: FacilityGroup[] }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const total = groups.reduce((n, g) => n + g.facilityCodes.length, 0);
  if (total === 0) return null;
  let budget = expanded ? Number.POSITIVE_INFINITY : FACILITIES_SHOWN;
  const shown = groups
    .map((group) => {
      const codes = group.facilityCodes.slice(0, Math.max(0, budget));
      budget -= codes.length;
      return { ...group, facilityCodes: codes };
    })
    .filter((g) => g.facilityCodes.length > 0);
  return (
    <div className="facilities">
      <div id={listId} className="facilities__groups">
        {shown.map((group) => (
          <div key={group.categoryCode} className="facilities__group">
            <h3 className="facilities__category">
              {t(`facility_categories.${group.categoryCode}`, { defaultValue: humanize(group.categoryCode) })}
            </h3>
            <ul className="facilities__list">
              {group.facilityCodes.map((code) => (
                <li key={code}>{t(`facilities.${code}`, { defaultValue: humanize(code) })}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {total > FACILITIES_SHOWN ? (
        <Button
          variant="link"
          aria-expanded={expanded}
          aria-controls={listId}
          onPress={() => setExpanded((e) => !e)}
        >
          {expanded ? t('hotel_page.show_less') : t('hotel_page.show_more', { count: total })}
        </Button>
      ) : null}
    </div>
  );
}

/** `free_parking` → "Free parking", for a code the catalogue does not know. */
export function humanize(code: string): string {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
