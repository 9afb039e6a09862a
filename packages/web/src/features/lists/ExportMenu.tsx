import { useTranslation } from 'react-i18next';
import { Menu, MenuItem } from '../../components/Menu';

/** The files a list exports to (document 3 §2.3 export menu). */
export type ExportFormat = 'csv' | 'xlsx';
const FORMATS: ExportFormat[] = ['csv', 'xlsx'];

/**
 * A list page's export menu (the kit's toolbar slot): CSV or XLSX of what the list shows — the caller's `onExport`
 * asks the list's export endpoint with the list's own filters and order.
 */
export function ExportMenu({ list, onExport }: { list: string; onExport: (format: ExportFormat) => void }) {
  const { t } = useTranslation();
  return (
    <Menu label={t('admin.export.of', { list })} trigger={t('admin.export.label')}>
      {FORMATS.map((format) => (
        <MenuItem key={format} onAction={() => onExport(format)}>
          {t(`admin.export.${format}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
