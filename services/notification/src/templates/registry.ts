import { AppError, fieldErrorsOf, orgOrigin, translate, type Lang, type Recipient } from '@app/contracts';
import './common.i18n';
import './account.i18n';
import './meeting.i18n';
import { accountTemplates } from './account.templates';
import { meetingTemplates } from './meeting.templates';
import { displayDate } from './format';
import { renderLayout, type RenderedEmail } from './layout';
import type { EmailTemplate } from './template';

/**
 * Every e-mail template by name. Adding a notification: define the template in a
 * `<feature>.templates.ts`, its ar/ru sentences in `<feature>.i18n.ts`, and list it here
 * (docs/how-to-add-a-notification.md).
 */
const ALL: EmailTemplate[] = [...(accountTemplates as EmailTemplate[]), ...(meetingTemplates as EmailTemplate[])];

export const TEMPLATES: ReadonlyMap<string, EmailTemplate> = (() => {
  const m = new Map<string, EmailTemplate>();
  for (const t of ALL) {
    if (m.has(t.name)) throw new Error(`template defined twice: ${t.name}`);
    m.set(t.name, t);
  }
  return m;
})();

export interface RenderInput {
  template: string;
  params: Record<string, unknown>;
  to: Recipient;
  org: { name: string; slug?: string; timeZone: string };
  links: { baseDomain: string; protocol: 'http' | 'https' };
}

/** Render a template for one recipient in their language. Unknown template or bad params: AppError VALIDATION (not retried). */
export function renderEmail(input: RenderInput): RenderedEmail {
  const tpl = TEMPLATES.get(input.template);
  if (!tpl) throw AppError.validation({ template: `Unknown e-mail template ${input.template}` });
  const parsed = tpl.params.safeParse(input.params);
  if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(parsed.error) });
  const lang: Lang = input.to.lang ?? 'en';
  const slug = input.org.slug;
  const origin = slug ? orgOrigin(slug, input.links.baseDomain, input.links.protocol) : null;
  const t = (key: string, params?: Record<string, string | number>) => translate(key, lang, params);
  const content = tpl.render(parsed.data, {
    lang,
    recipient: input.to,
    org: input.org,
    t,
    link: (path) => {
      if (!origin) throw AppError.validation({ org: `Template ${input.template} builds links and needs the organization's host` });
      return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
    },
    date: (iso) => displayDate(iso, input.org.timeZone),
  });
  return renderLayout(content, { lang, orgName: input.org.name, footer: t('This e-mail was sent by {org}.', { org: input.org.name }) });
}
