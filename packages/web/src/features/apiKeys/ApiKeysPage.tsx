import {
  API_KEY_FORM_SCOPES,
  API_KEY_LIFETIMES,
  type ApiKeyDraft,
  apiKeyBodyOf,
  apiKeyFormInput,
  apiKeyLastDay,
  apiKeyView,
  maskApiKey,
} from '@tern/core/apiKeys';
import { deviceTimeZone, deviceToday } from '@tern/core/dates';
import { formatDay, formatInstant } from '@tern/core/format';
import { API_KEYS_PAGE_SIZE, type ApiKey, type CreatedApiKey } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { RadioGroup } from '../../components/RadioGroup';
import { Select } from '../../components/Select';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { copyText } from '../admin/ResellersPanel';
import { ADMIN_DRAWER_WIDTH } from '../admin/UserDrawer';
import { useConfirmedAction } from '../admin/useConfirmedAction';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import '../admin/admin.css';
import { ListPage } from '../lists/ListPage';
import { useListKit } from '../lists/useListKit';

const KEY = 'apiKeys';
/** The expiry choice "no expiry" (the draft's empty last day). */
const NEVER = 'never';

/**
 * `/api_keys` (document 2 §2 API keys page, §4 M14, §8; resellers only): create a key (name required, a
 * scope, an expiry; its whole token shown once, with a copy button, then masked as 10 bullets and the last 6), the
 * agency's keys 10 a page with their scope, expiry and status (expired, or disabled and why), disable one after a
 * confirmation (a failure leaves the list as it is).
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const [creating, setCreating] = useState(false);
  const [justMade, setJustMade] = useState<CreatedApiKey | null>(null);
  const kit = useListKit<ApiKey>({
    root: KEY,
    name: 'list',
    read: (c, { page }, signal) => c.apiKeys.list({ query: { page, limit: API_KEYS_PAGE_SIZE } }, { signal }),
  });
  const { reload } = kit;
  const action = useConfirmedAction(
    (target) => client.apiKeys.disable({ params: { id: target.id } }),
    (target) => {
      toast.success(t('admin.notices.api_key_disabled', { name: target.label }));
      void reload();
    },
  );
  // Keys belong to no property: their instants on the viewer's clock.
  const when = (iso: string) => formatInstant(iso, deviceTimeZone());
  const columns: TableColumn<ApiKey>[] = [
    { id: 'name', label: t('api_keys.name'), render: (k) => k.name, isRowHeader: true },
    {
      id: 'token',
      label: t('api_keys.token'),
      render: (k) =>
        apiKeyView(k, justMade?.id ?? null) === 'tokenVisible' && justMade ? (
          <code className="api-key__token">{justMade.token}</code>
        ) : (
          <code>
            <span aria-hidden="true">{maskApiKey(k.last6)}</span>
            <span className="visually-hidden">{t('api_keys.masked', { last6: k.last6 })}</span>
          </code>
        ),
    },
    { id: 'scope', label: t('api_keys.scope'), render: (k) => t(`api_keys.scopes.${k.scope}`) },
    {
      id: 'expiresAt',
      label: t('api_keys.expires'),
      nowrap: true,
      render: (k) => (k.expiresAt ? when(k.expiresAt) : t('api_keys.never')),
    },
    {
      id: 'createdAt',
      label: t('api_keys.created'),
      nowrap: true,
      render: (k) => when(k.createdAt),
    },
    {
      id: 'lastUsedAt',
      label: t('api_keys.last_used'),
      nowrap: true,
      render: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : t('api_keys.never')),
    },
    {
      id: 'status',
      label: t('api_keys.status'),
      render: (k) => {
        const view = apiKeyView(k, null);
        const words =
          view === 'disabled'
            ? t(`api_keys.disabled_because.${k.disabledReason ?? 'disabled'}`)
            : t(view === 'expired' ? 'api_keys.expired' : 'api_keys.active');
        return (
          <span className={`status-tag status-tag--${view === 'masked' ? 'active' : 'blocked'}`}>
            {words}
          </span>
        );
      },
    },
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      // A disabled key has no actions (M14); an expired one may still be disabled.
      render: (k) =>
        k.active ? (
          <Button
            variant="secondary"
            onPress={() =>
              action.send({ type: 'ask', target: { id: k.id, action: 'disable_api_key', label: k.name } })
            }
          >
            {t('api_keys.disable_named', { name: k.name })}
          </Button>
        ) : null,
    },
  ];
  return (
    <ListPage
      heading={t('api_keys.heading')}
      actions={<Button onPress={() => setCreating(true)}>{t('api_keys.create')}</Button>}
      notices={
        <>
          <p>{t('api_keys.intro')}</p>
          {justMade ? (
            <Alert variant="warning" title={t('api_keys.copy_now_title', { name: justMade.name })}>
              <p>{t('api_keys.copy_now_text')}</p>
              <p className="admin-copy">
                <code className="api-key__token">{justMade.token}</code>
                <Button
                  variant="secondary"
                  onPress={() =>
                    copyText(justMade.token, t('admin.notices.copied'), t('general.error_message'))
                  }
                >
                  {t('api_keys.copy')}
                </Button>
              </p>
            </Alert>
          ) : null}
        </>
      }
      kit={kit}
      table={{
        label: t('api_keys.table'),
        columns,
        rowKey: (k) => k.id,
        emptyState: <EmptyState title={t('api_keys.empty')} />,
        pagesLabel: t('api_keys.pages'),
      }}
      action={action}
    >
      <Drawer
        title={t('api_keys.create')}
        isOpen={creating}
        onOpenChange={setCreating}
        side="end"
        width={ADMIN_DRAWER_WIDTH}
      >
        {(close) => (
          <CreateKeyForm
            onCancel={close}
            onCreated={(key) => {
              setCreating(false);
              setJustMade(key);
              kit.setPage(1);
              void reload();
            }}
          />
        )}
      </Drawer>
    </ListPage>
  );
}

/**
 * The create form (name required, a scope, an expiry from core's choices): core's `formDrawerMachine` with
 * `apiKeyFormInput`; this only draws it.
 */
function CreateKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [today] = useState(() => deviceToday());
  const [input] = useState(() => apiKeyFormInput(today));
  const form = useFormDrawer<ApiKeyDraft, CreatedApiKey>(
    input,
    (draft) => client.apiKeys.create({ body: apiKeyBodyOf(draft) }),
    onCreated,
  );
  const { texts, frame } = useFormFrame(form, {
    name: t('api_keys.name'),
    scope: t('api_keys.scope'),
    lastDay: t('api_keys.expiry'),
  });
  return (
    <FormFrame {...frame} onCancel={onCancel} submitLabel={t('api_keys.create')}>
      <TextField
        label={t('api_keys.name')}
        name="name"
        value={form.values.name}
        onChange={(name) => form.change({ name })}
        isRequired
        errorMessage={texts.field('name')}
      />
      <RadioGroup
        label={t('api_keys.scope')}
        name="scope"
        options={API_KEY_FORM_SCOPES.map((scope) => ({
          id: scope,
          label: t(`api_keys.scope_descriptions.${scope}`),
        }))}
        value={form.values.scope}
        onChange={(scope) => form.change({ scope: scope as ApiKeyDraft['scope'] })}
        errorMessage={texts.field('scope')}
        description={t('api_keys.scope_help')}
      />
      <Select
        name="lastDay"
        label={t('api_keys.expiry')}
        options={API_KEY_LIFETIMES.map((days) => ({
          id: days === null ? NEVER : apiKeyLastDay(today, days),
          label:
            days === null ? t('api_keys.lifetimes.never') : t('api_keys.lifetimes.days', { count: days }),
        }))}
        selectedKey={form.values.lastDay || NEVER}
        onSelectionChange={(key) => form.change({ lastDay: key === NEVER ? '' : key })}
        errorMessage={texts.field('lastDay')}
        description={
          form.values.lastDay
            ? t('api_keys.expiry_help_until', { day: formatDay(form.values.lastDay) })
            : t('api_keys.expiry_help_never')
        }
      />
    </FormFrame>
  );
}
