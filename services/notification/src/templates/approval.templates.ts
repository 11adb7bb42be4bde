import { defineTemplate, type RenderContext } from './template';

/** E-mails about approvals: a signature is requested (a guest's link carries their token), signed, rejected, completed. */

function greeting({ t, recipient }: RenderContext): string {
  return recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,');
}

export const approvalRequestedTemplate = defineTemplate({
  name: 'approval-requested',
  render: (p, ctx) => ({
    subject: ctx.t('Your signature is requested: {title}', { title: p.title }),
    heading: ctx.t('Your signature is requested'),
    paragraphs: [greeting(ctx), ctx.t('{by} asks you to review and sign "{title}" for {org}.', { by: p.senderName || ctx.org.name, title: p.title, org: ctx.org.name })],
    action: { label: ctx.t('Open the approval'), url: ctx.link(p.path) },
    notes: p.guest ? [ctx.t('This link is personal: it lets you sign as a guest without an account. Please do not forward it.')] : [],
  }),
});

export const approvalSignedTemplate = defineTemplate({
  name: 'approval-signed',
  render: (p, ctx) => ({
    subject: ctx.t('{name} signed "{title}"', { name: p.signerName, title: p.title }),
    heading: ctx.t('A step was signed'),
    paragraphs: [greeting(ctx), ctx.t('{name} signed "{title}".', { name: p.signerName, title: p.title })],
    action: { label: ctx.t('Open the approval'), url: ctx.link(p.path) },
  }),
});

export const approvalRejectedTemplate = defineTemplate({
  name: 'approval-rejected',
  render: (p, ctx) => ({
    subject: ctx.t('{name} rejected "{title}"', { name: p.signerName, title: p.title }),
    heading: ctx.t('The approval was rejected'),
    paragraphs: [greeting(ctx), ctx.t('{name} rejected "{title}". The approval has ended.', { name: p.signerName, title: p.title })],
    details: [{ label: ctx.t('Reason'), value: p.reason }],
    action: { label: ctx.t('Open the approval'), url: ctx.link(p.path) },
  }),
});

/** a size in MB with one decimal (the e-mail's note on a document too large to attach) */
const mb = (bytes: number) => (Math.max(bytes, 1) / (1024 * 1024)).toFixed(1);

export const approvalCompletedTemplate = defineTemplate({
  name: 'approval-completed',
  render: (p, ctx) => {
    const names = p.documents.map((d) => d.name).join(', ');
    const where = p.guest
      ? ctx.t('The link of your signature request still downloads it until the link expires.')
      : ctx.t('It can also be downloaded from the approval.');
    const files = !p.documents.length
      ? []
      : p.unreadable
        ? [ctx.t('The sealed document ({names}) could not be attached.', { names }), where]
        : p.attached
          ? [ctx.t('The sealed document with its audit certificate is attached: {names}.', { names }), where]
          : [ctx.t('The sealed document ({names}, {size} MB) is too large to attach.', { names, size: mb(p.documents.reduce((n, d) => n + d.size, 0)) }), where];
    return {
      subject: ctx.t('"{title}" is fully signed', { title: p.title }),
      heading: ctx.t('The approval is complete'),
      paragraphs: [greeting(ctx), ctx.t('Every step has signed "{title}".', { title: p.title }), ...files],
      // a guest's page needs the token of their link: the members' page would only ask them to sign in
      action: p.guest ? undefined : { label: ctx.t('Open the approval'), url: ctx.link(p.path) },
    };
  },
});
