import { defineTemplate } from './template';

/** E-mails about the library: a file or folder was shared with the recipient (docs/library.md#shares). */

export const librarySharedTemplate = defineTemplate({
  name: 'library-shared',
  render: (p, ctx) => {
    const what = p.folder ? ctx.t('the folder "{name}"', { name: p.name }) : ctx.t('the file "{name}"', { name: p.name });
    const by = p.byName || ctx.org.name;
    return {
      subject: p.folder ? ctx.t('{by} shared a folder with you: {name}', { by, name: p.name }) : ctx.t('{by} shared a file with you: {name}', { by, name: p.name }),
      heading: p.folder ? ctx.t('A folder was shared with you') : ctx.t('A file was shared with you'),
      paragraphs: [
        ctx.recipient.name ? ctx.t('Hello {name},', { name: ctx.recipient.name }) : ctx.t('Hello,'),
        ctx.t('{by} shared {what} with you in {org}. You find it under "Shared with me" in the library.', { by, what, org: ctx.org.name }),
      ],
      details: [
        { label: ctx.t('Permission'), value: p.canEdit ? ctx.t('View and edit') : ctx.t('View') },
        { label: ctx.t('Access until'), value: p.expiresAt ? ctx.date(p.expiresAt) : ctx.t('Until the share is removed') },
      ],
      action: { label: ctx.t('Open the library'), url: ctx.link(p.path) },
    };
  },
});
