/**
 * Props of a PrimeReact DataTable whose rows stack below the side menu's breakpoint (992 px, phones and tablets):
 * each cell becomes a line with its column's title, so the status and action columns stay on screen instead of
 * running off to the side (docs/accessibility.md, "Phones and tablets").
 */
export const STACKED_TABLE = { responsiveLayout: 'stack', breakpoint: '991px' } as const;
