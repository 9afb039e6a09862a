import { useTranslation } from 'react-i18next';

/** The three car providers of document 1 §2 (the demo world's), each with its colours. */
const brands: Record<string, { color: string; initials: string }> = {
  northwind_cars: { color: '#0b5c8a', initials: 'NW' },
  fjord_drive: { color: '#1f6f4a', initials: 'FD' },
  atlas_rent: { color: '#9c2f1c', initials: 'AR' },
};

/** The rental brand's logo, chosen by provider; an unknown provider shows its code as text. */
export function ProviderBrand({ provider, size = 'sm' }: { provider: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const brand = brands[provider];
  const name = t(`cars.providers.${provider}`, { defaultValue: provider });
  return (
    <span className={`provider-brand provider-brand--${size}`}>
      {brand ? (
        <span className="provider-brand__logo" style={{ background: brand.color }} aria-hidden="true">
          {brand.initials}
        </span>
      ) : null}
      <span className="provider-brand__name">{t('cars.provided_by', { provider: name })}</span>
    </span>
  );
}
