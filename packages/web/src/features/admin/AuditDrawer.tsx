import { auditWords } from '@tern/core/admin';
import { deviceTimeZone } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import type { AuditEntry } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Disclosure } from '../../components/Disclosure';
import { Drawer } from '../../components/Drawer';
import { LoadingSkeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { QueryErrorState } from '../errors/QueryErrorState';
import { ADMIN_KEY } from './adminLists';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';

export interface AuditTarget {
  objectType: 'user' | 'agency' | 'property';
  objectId: string;
  name: string;
}

/**
 * The history of one user, reseller or property (the admin's audit trail): each entry in words a person reads
 * (core's `auditWords`: "helga blocked Jon", each change "status active → blocked"), when, by whom and from where,
 * and the raw entry behind a disclosure.
 */
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

function Trail({ target }: { target: AuditTarget }) {
  const { t } = useTranslation();
  const trail = useApiQuery([ADMIN_KEY, 'audit', target.objectType, target.objectId], (client, signal) =>
    client.admin.audit(
      { query: { objectType: target.objectType, objectId: target.objectId, limit: 100 } },
      { signal },
    ),
  );
  if (trail.isPending) return <LoadingSkeleton label={t('admin.loading')} lines={2} />;
  if (trail.error) return <QueryErrorState query={trail} />;
  if (trail.data.items.length === 0) return <p>{t('admin.audit.empty')}</p>;
  // The audit spans users, resellers and properties: its instants on the viewer's clock.
  const zone = deviceTimeZone();
  return (
    <ol className="admin-audit">
      {trail.data.items.map((entry: AuditEntry) => {
        // The entry in words (core's rule), its raw change behind a disclosure.
        const words = auditWords(entry, target.name);
        return (
          <li key={entry.id} className="admin-audit__entry">
            <p>
              <strong>{t(`admin.audit.sentences.${words.sentence}`, words.values)}</strong>
            </p>
            {words.changes.length > 0 ? (
              <ul className="admin-audit__changes">
                {words.changes.map((c) => (
                  <li key={c.field}>{t('admin.audit.change', { ...c })}</li>
                ))}
              </ul>
            ) : null}
            <p className="admin-audit__when">
              {t('admin.audit.when', {
                when: formatInstant(entry.at, zone),
                who: entry.actorName ?? entry.actorEmail ?? t('admin.audit.system'),
              })}
              {entry.ip ? ` · ${t('admin.audit.from', { ip: entry.ip })}` : ''}
            </p>
            <Disclosure title={t('admin.audit.raw')}>
              <pre>
                {JSON.stringify(
                  {
                    action: entry.action,
                    objectType: entry.objectType,
                    objectId: entry.objectId,
                    actorId: entry.actorId,
                    ip: entry.ip,
                    userAgent: entry.userAgent,
                    changes: entry.changes,
                  },
                  null,
                  2,
                )}
              </pre>
            </Disclosure>
          </li>
        );
      })}
    </ol>
  );
}
