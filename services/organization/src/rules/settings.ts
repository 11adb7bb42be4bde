/**
 * The organization's disabled-module list as the web uses it (docs/product/administration.md#records): names with a dot are
 * menu/feature entries (m), names without a dot are route-disabled names (r).
 */
export function splitDisabled(na: readonly string[]): { m: string[]; r: string[] } {
  return { m: na.filter((n) => n.includes('.')), r: na.filter((n) => !n.includes('.')) };
}

const CALENDARS = [
  { key: 'google', name: 'Google Calendar' },
  { key: 'outlook', name: 'Microsoft Outlook' },
  { key: 'ical', name: 'iCal feed' },
] as const;

/** The calendar integrations, connected only when the organization's settings configure them. */
export function calendarIntegrations(config: unknown): { key: 'google' | 'outlook' | 'ical'; name: string; connected: boolean; url: string | null }[] {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, { url?: unknown } | null | undefined>;
  return CALENDARS.map(({ key, name }) => {
    const entry = c[key];
    const connected = !!entry && typeof entry === 'object';
    return { key, name, connected, url: connected && typeof entry.url === 'string' ? entry.url : null };
  });
}
