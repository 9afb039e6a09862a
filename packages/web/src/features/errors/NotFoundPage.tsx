import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';
import { useSession } from '../../session/SessionContext';

/** The default route (document 1 §2): `not_found_page.not_found`. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="card stack">
      <p
        className="muted"
        aria-hidden="true"
        style={{ fontSize: 'var(--text-2xl)', fontWeight: 800, margin: 0 }}
      >
        404
      </p>
      <PageHeading>{t('not_found_page.not_found')}</PageHeading>
      <p>{t('not_found_page.text')}</p>
      <p>
        <Link href={session ? '/bookings' : '/login'} variant="button">
          {t('not_found_page.back')}
        </Link>
      </p>
    </div>
  );
}
