import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rereadUser } from '../../app/services';
import { Alert } from '../../components/Alert';
import { PageHeading } from '../../components/PageHeading';
import { Spinner } from '../../components/Spinner';
import { useServices, useSessionActor, useSignedInSession } from '../../session/SessionContext';
import './profile.css';
import { useErrorText } from '../errors/useErrorText';

/**
 * `/profile` (document 1 §2): the signed-in user as the server knows them. Read-only: the contract has no
 * call to update one's own details yet. The user is reloaded on opening, so a change made by an
 * administrator shows.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const actor = useSessionActor();
  const session = useSignedInSession();
  const [refresh, setRefresh] = useState<{ busy: boolean; error: unknown }>({
    busy: true,
    error: null,
  });

  useEffect(() => {
    let live = true;
    rereadUser({ client, session: actor }).then(
      () => live && setRefresh({ busy: false, error: null }),
      (error: unknown) => live && setRefresh({ busy: false, error }),
    );
    return () => {
      live = false;
    };
  }, [client, actor]);

  const { user, userRole } = session;
  return (
    <div className="page stack">
      <div className="page__header">
        <PageHeading>{t('profile.heading')}</PageHeading>
        {refresh.busy ? <Spinner size="sm" label={t('general.loading')} /> : null}
      </div>
      {refresh.error ? (
        <Alert variant="warning" title={t('profile.load_failed')}>
          {errorText(refresh.error)}
        </Alert>
      ) : null}
      <section className="card" aria-labelledby="profile-details">
        <h2 id="profile-details" className="visually-hidden">
          {t('profile.heading')}
        </h2>
        <dl className="details">
          <dt>{t('profile.name')}</dt>
          <dd>{user.name}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`roles.${userRole}`)}</dd>
          <dt>{t('profile.status')}</dt>
          <dd>{t(`status.${user.status}`)}</dd>
          <dt>{t('profile.sign_in_code')}</dt>
          <dd>{user.otpEnabled ? t('profile.sign_in_code_on') : t('profile.sign_in_code_off')}</dd>
          {user.agent ? (
            <>
              <dt>{t('profile.agency')}</dt>
              <dd>{user.agent.name}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {userRole === 'reseller' ? null : (
        <section className="card" aria-labelledby="profile-properties">
          <h2 id="profile-properties">{t('profile.properties')}</h2>
          {user.ternHotels.length === 0 ? (
            <p className="muted">{t('profile.no_properties')}</p>
          ) : (
            <ul className="property-list">
              {user.ternHotels.map((p) => (
                <li key={p.id}>
                  <strong>{p.name}</strong>{' '}
                  <span className="muted">
                    {t(`profile.property_type.${p.propertyType}`)} · {t(`profile.property_role.${p.role}`)}
                    {p.locked ? ` · ${t('profile.locked')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <p className="muted">{t('profile.read_only')}</p>
    </div>
  );
}
