import type { AuditEntry } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Drawer } from '../../components/Drawer';
import { Skeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { useErrorText } from '../errors/useErrorText';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import { ADMIN_KEY } from './useAdminList';

export interface AuditTarget {
  objectType: 'user' | 'agency' | 'property';
  objectId: string;
  name: string;
}

/** The history of one user, reseller or property: who changed what, and when (the admin's audit trail). */
export function AuditDrawer({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={target ? t('admin.audit.title', { name: target.name }) : ''}
      isOpen={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={ADMIN_DRAWER_WIDTH}
    >
      {target ? <Trail target={target} /> : null}
    </Drawer>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function Trail({ target }: { target: AuditTarget }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const trail = useApiQuery([ADMIN_KEY, 'audit', target.objectType, target.objectId], (client, signal) =>
    client.admin.audit(
      { query: { objectType: target.objectType, objectId: target.objectId, limit: 100 } },
      { signal },
    ),
  );
  if (trail.isPending)
    return (
      <div role="status" className="stack">
        <span className="visually-hidden">{t('admin.loading')}</span>
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </div>
    );
  if (trail.error)
    return (
      <Alert variant="error" title={t('general.error_message')}>
        {errorText(trail.error)}
      </Alert>
    );
  if (trail.data.items.length === 0) return <p>{t('admin.audit.empty')}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="admin-audit">
      {trail.data.items.map((entry: AuditEntry) => (
        <li key={entry.id} className="admin-audit__entry">
          <p>
            <strong>{t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>{' '}
            {t('admin.audit.by', {
              who: entry.actorEmail ?? t('admin.audit.system'),
              when: when.format(new Date(entry.at)),
            })}
          </p>
          <dl className="details">
            {Object.entries(entry.changes).map(([field, change]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>
                  {shown(change.from)} → {shown(change.to)}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
