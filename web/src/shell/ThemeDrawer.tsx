import { Sidebar } from 'primereact/sidebar';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../lib/theme';

const HEADER_COLORS = ['#ffffff', '#3e82f7', '#1e293b', '#0f766e', '#7c3aed'];

/** Theme settings (localhost and the test host only), 350 wide (docs/product/overview.md#formats-and-limits). */
export function ThemeDrawer(props: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  return (
    <Sidebar visible={props.visible} onHide={props.onHide} position={rtl ? 'left' : 'right'} style={{ width: 350 }} header={t('theme.title')} data-testid="theme-drawer">
      <div className="theme-drawer">
        <div className="theme-drawer__row">
          <label htmlFor="theme-collapsed">{t('theme.navCollapsed')}</label>
          <InputSwitch inputId="theme-collapsed" checked={theme.navCollapsed} onChange={(e) => setTheme({ navCollapsed: !!e.value })} />
        </div>
        <div className="theme-drawer__row theme-drawer__row--stack">
          <span>{t('theme.sideNavTheme')}</span>
          <SelectButton
            value={theme.sideNavTheme}
            options={[
              { label: t('theme.light'), value: 'light' },
              { label: t('theme.dark'), value: 'dark' },
            ]}
            onChange={(e) => e.value && setTheme({ sideNavTheme: e.value })}
          />
        </div>
        <div className="theme-drawer__row theme-drawer__row--stack">
          <span>{t('theme.currentTheme')}</span>
          <SelectButton
            value={theme.currentTheme}
            options={[
              { label: t('theme.light'), value: 'light' },
              { label: t('theme.dark'), value: 'dark' },
            ]}
            onChange={(e) => e.value && setTheme({ currentTheme: e.value })}
          />
        </div>
        <div className="theme-drawer__row theme-drawer__row--stack">
          <span>{t('theme.headerColor')}</span>
          <div className="swatches">
            {HEADER_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={`swatch${theme.headerNavColor === c ? ' swatch--active' : ''}`}
                style={{ background: c }}
                aria-label={c}
                aria-pressed={theme.headerNavColor === c}
                onClick={() => setTheme({ headerNavColor: c })}
              />
            ))}
          </div>
        </div>
      </div>
    </Sidebar>
  );
}
