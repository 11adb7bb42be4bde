import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { LANGS, parseLang } from '@app/contracts';
import { changeLanguage } from '../i18n';

/** Language names are shown in their own language. */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', ar: 'العربية', ru: 'Русский' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const lang = parseLang(i18n.language);
  const options = LANGS.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  return (
    <Dropdown
      inputId="language-switcher"
      data-testid="language-switcher"
      aria-label={t('header.language')}
      value={lang}
      options={options}
      onChange={(e) => void changeLanguage(String(e.value))}
      className="language-switcher"
      itemTemplate={(o: { value: string; label: string }) => <span data-testid={`language-option-${o.value}`}>{o.label}</span>}
      valueTemplate={(o: { value: string; label: string } | null) => (
        <span>
          <i className="pi pi-globe" aria-hidden="true" /> {o ? o.value.toUpperCase() : ''}
        </span>
      )}
    />
  );
}
