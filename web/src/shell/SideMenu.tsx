import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Grants } from '../hooks/use-profile';
import { visibleMenu } from './menu';

export function SideMenu(props: { grants: Grants; disabledRoutes: readonly string[]; collapsed?: boolean; onNavigate?: () => void; testId?: string }) {
  const { t } = useTranslation('shell');
  const groups = visibleMenu(props.grants, props.disabledRoutes);
  return (
    <nav className={`side-menu${props.collapsed ? ' side-menu--collapsed' : ''}`} aria-label={t('menu.label')} data-testid={props.testId ?? 'side-menu'} id="side-menu" data-tour="side-menu">
      {groups.map((g) => (
        <div key={g.key} className="side-menu__group">
          <div className="side-menu__group-title">{t(`menu.group.${g.key}`)}</div>
          <ul>
            {g.entries.map((e) => (
              <li key={e.key}>
                <NavLink
                  to={e.path}
                  className={({ isActive }) => `side-menu__link${isActive ? ' side-menu__link--active' : ''}`}
                  data-testid={`menu-${e.key}`}
                  data-tour={e.tour}
                  onClick={props.onNavigate}
                  title={props.collapsed ? t(`menu.${e.key}`) : undefined}
                >
                  <i className={e.icon} aria-hidden="true" />
                  <span className="side-menu__text">{t(`menu.${e.key}`)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
