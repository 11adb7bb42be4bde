import type { z } from 'zod';
import type { Lang, Recipient } from '@app/contracts';

/** What a template gets besides its parameters. */
export interface RenderContext {
  lang: Lang;
  recipient: Recipient;
  /** slug is known when the e-mail was rendered from the local copy (templates that call link() need it) */
  org: { name: string; slug?: string; timeZone: string };
  /** translate an English sentence (the key) into the recipient's language, filling {placeholders} */
  t(key: string, params?: Record<string, string | number>): string;
  /** absolute URL of an app path (AppPaths) on the recipient organization's host; throws without org.slug */
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

export interface EmailTemplate<S extends z.ZodType = z.ZodType> {
  name: string;
  params: S;
  render(params: z.output<S>, ctx: RenderContext): EmailContent;
}

/** Declare a template; its name is what SendEmail jobs carry, its params schema is checked when rendering. */
export function defineTemplate<S extends z.ZodType>(t: EmailTemplate<S>): EmailTemplate<S> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(t.name)) throw new Error(`template name must be kebab-case: ${t.name}`);
  return t;
}
