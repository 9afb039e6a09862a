import {
  RESELLER_FORM_FIELDS,
  type ResellerDraft,
  resellerBodyOf,
  resellerFormInput,
} from '@tern/core/admin';
import { ADMIN_PAGE_SIZE, type Reseller } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { ListPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { useListKit } from '../lists/useListKit';
import { AuditDrawer, type AuditTarget } from './AuditDrawer';
import { ADMIN_KEY, adminListTexts, CompanyActions, lockColumn } from './adminLists';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import { useConfirmedAction } from './useConfirmedAction';
import { useFormDrawer } from './useFormDrawer';
import { useFormFrame } from './useFormFrame';

/** Copies a text and says so (the external id's copy icon, document 2 §2). */
export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/**
 * The resellers list (document 2 §2): search, add; e-mail, name, external id with a copy button; edit and
 * lock override on or off (after a confirmation naming the reseller). 50 a page.
 */
export function ResellersPanel() {
  const { t } = useTranslation();
  const { client } = useServices();
  const texts = adminListTexts(t, 'resellers');
  const list = useListKit<Reseller>({
    root: ADMIN_KEY,
    name: 'resellers',
    read: (c, { term, page }, signal) =>
      c.admin.listResellers({ query: { q: term || undefined, page, perPage: ADMIN_PAGE_SIZE } }, { signal }),
  });
  const [editing, setEditing] = useState<Reseller | 'new' | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);
  const action = useConfirmedAction(
    (target) =>
      client.admin.setResellerLockOverride({
        params: { id: target.id },
        body: { lockOverride: target.action === 'lock_override_on' },
      }),
    (target) => {
      toast.success(t(`admin.notices.${target.action}`, { name: target.label }));
      void list.reload();
    },
  );
  const columns: TableColumn<Reseller>[] = [
    { id: 'email', label: t('admin.resellers.email'), render: (r) => r.email },
    { id: 'name', label: t('admin.resellers.name'), render: (r) => r.name, isRowHeader: true },
    {
      id: 'externalId',
      label: t('admin.resellers.external_id'),
      render: (r) =>
        r.externalId ? (
          <span className="admin-copy">
            <span>{r.externalId}</span>
            <Button
              variant="quiet"
              aria-label={t('admin.resellers.copy_external_id', { name: r.name })}
              onPress={() => copyText(r.externalId, t('admin.notices.copied'), t('general.error_message'))}
            >
              <span aria-hidden="true">⧉</span>
            </Button>
          </span>
        ) : (
          ''
        ),
    },
    lockColumn(t),
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (r) => (
        <CompanyActions
          row={r}
          onEdit={setEditing}
          onHistory={(row) => setHistory({ objectType: 'agency', objectId: row.id, name: row.name })}
          send={action.send}
        />
      ),
    },
  ];
  return (
    <ListPage
      search={texts.search}
      actions={<Button onPress={() => setEditing('new')}>{texts.add}</Button>}
      kit={list}
      table={{ ...texts.table, columns, rowKey: (r) => r.id }}
      action={action}
    >
      <RowDrawer
        row={editing}
        title={t(editing === 'new' ? 'admin.resellers.add_title' : 'admin.resellers.edit_title')}
        width={ADMIN_DRAWER_WIDTH}
        onClose={() => setEditing(null)}
      >
        {(row, close) => (
          <ResellerForm
            reseller={row}
            onCancel={close}
            onSaved={(saved, created) => {
              setEditing(null);
              toast.success(
                t(created ? 'admin.notices.reseller_created' : 'general.success_message', {
                  name: saved.name,
                }),
              );
              void list.reload();
            }}
          />
        )}
      </RowDrawer>
      <AuditDrawer target={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}

/**
 * The reseller form (document 2 §3, §5): every field; the global id read-only when editing. Core's
 * `formDrawerMachine` with the reseller rule (`resellerFormInput`); this only draws it.
 */
function ResellerForm({
  reseller,
  onCancel,
  onSaved,
}: {
  reseller: Reseller | null;
  onCancel: () => void;
  onSaved: (reseller: Reseller, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [input] = useState(() => resellerFormInput(reseller));
  const form = useFormDrawer<ResellerDraft, Reseller>(
    input,
    (draft) => {
      const body = resellerBodyOf(draft);
      return reseller
        ? client.admin.updateReseller({ params: { id: reseller.id }, body })
        : client.admin.createReseller({ body });
    },
    (saved) => onSaved(saved, reseller === null),
  );
  const { texts, frame } = useFormFrame(
    form,
    Object.fromEntries(RESELLER_FORM_FIELDS.map(([field, label]) => [field, t(`admin.resellers.${label}`)])),
  );
  const { values: draft } = form;
  return (
    <FormFrame
      {...frame}
      onCancel={onCancel}
      submitLabel={t(reseller ? 'admin.save' : 'admin.resellers.add')}
    >
      {reseller ? (
        <TextField label={t('admin.resellers.global_id')} value={reseller.globalId} isReadOnly />
      ) : null}
      <div className="admin-form__grid">
        {RESELLER_FORM_FIELDS.map(([field, label, required]) => (
          <TextField
            key={field}
            name={field}
            label={t(`admin.resellers.${label}`)}
            value={draft[field]}
            onChange={(value) => form.change({ [field]: value })}
            isRequired={required}
            {...(field === 'email' || field === 'emailInvoice'
              ? { type: 'email', inputMode: 'email' as const }
              : {})}
            {...(field === 'phone' ? { type: 'tel', inputMode: 'tel' as const } : {})}
            errorMessage={texts.field(field)}
          />
        ))}
      </div>
    </FormFrame>
  );
}
