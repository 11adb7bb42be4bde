import type { EmailParams, EmailTemplateName, Lang, Recipient } from '@app/contracts';

/** What a template gets besides its parameters. */
export interface RenderContext {
  lang: Lang;
  recipient: Recipient;
  org: { name: string; slug: string; timeZone: string };
  /** translate an English sentence (the key) into the recipient's language, filling {placeholders} */
  t(key: string, params?: Record<string, string | number>): string;
  /** a message with a count, in the form the recipient's language takes for it (`addPlurals`, Intl.PluralRules) */
  n(key: string, count: number, params?: Record<string, string | number>): string;
  /** absolute URL of an app path (AppPaths) on the organization's host (orgUrl) */
  link(path: string): string;
  /** a date in the organization's time zone: DD MMM YYYY hh:mm A (Time/Zone) */
  date(iso: string): string;
}

/** The content of an e-mail; the layout turns it into HTML (ltr or rtl) and plain text. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** label/value lines shown as a small table (meeting date, location, deadline...) */
  details?: { label: string; value: string }[];
  /** the call to action: a button in HTML, a line with the URL in text */
  action?: { label: string; url: string };
  /** smaller lines under the action (expiry, why you got this) */
  notes?: string[];
}

/** The renderer of one e-mail case of the SendEmail contract (libs/contracts notification.jobs.ts). */
export interface EmailTemplate<N extends EmailTemplateName> {
  name: N;
  render(params: EmailParams<N>, ctx: RenderContext): EmailContent;
}

/** Declare a template for a case of the contract's e-mail union; its parameters' type comes from there. */
export function defineTemplate<N extends EmailTemplateName>(t: EmailTemplate<N>): EmailTemplate<N> {
  return t;
}
