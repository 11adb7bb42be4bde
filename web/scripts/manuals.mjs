// Writes the user manuals served as /manual-{lang}.pdf (web/public). Run from the repository root:
//   node web/scripts/manuals.mjs
// The standard PDF fonts cover Latin script only, so every language gets the English manual for now
// (fr shows English texts anyway, platform.md §9); translated ar/ru manuals need an embedded font.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const SECTIONS = [
  ['Signing in', [
    'Open your organization address (for example acme.example.com) and sign in with your e-mail and password.',
    'After a first password sign-in on a device you can use your 5-digit PIN instead (Profile > PIN).',
    'If your organization uses single sign-on, choose "Single sign-on" and enter your work e-mail.',
    'Forgot your password? Choose "Forgot password?", enter your e-mail and open the link we send you.',
    'With two-factor authentication on, enter the 6-digit code from your authenticator app after your password.',
    'You are signed out after 60 minutes without activity.',
  ]],
  ['Finding your way', [
    'The side menu holds the dashboards (home, calendar, news, action tracker), your activity (meetings,',
    'library, approvals, resolutions) and the settings. Entries appear according to your role.',
    'The header lets you switch organization, change the language (English, French, Arabic, Russian),',
    'show the guided tour again, download this manual and open your profile menu (edit profile, sign out).',
    'On small screens the menu opens from the button at the top of the page.',
  ]],
  ['Home', [
    'Welcome shows your ongoing, pending and draft meetings. My agenda lists the agenda items, resolutions and',
    'actions that concern you. Upcoming meetings links to all meetings; reminders can be dismissed at once.',
  ]],
  ['News', [
    'Read the posts shared with your committees, like them and comment. To post, give a title, a link, a',
    'description, the committee and at least one photo; wait until every photo is uploaded before publishing.',
  ]],
  ['Profile and security', [
    'Profile shows your details; Edit profile changes your name, e-mail, phone, position and photo.',
    'Change password needs your current password and a new one of at least 8 characters with a capital',
    'letter and a special character, typed twice. Set a 5-digit PIN, typed twice, for quick sign-in.',
    'Two-factor authentication asks for a code from an authenticator app at every sign-in.',
  ]],
  ['Organization administration', [
    'Administrators find the organization settings under Settings > Organization:',
    '- Information: company name, website, location, time zone and logo.',
    '- Users: add, edit, activate or deactivate, delete and restore users; upload many users from an Excel',
    '  sheet that keeps the structure of the template offered in the upload window.',
    '- Roles: a name, its users and its permissions (which menu entries and actions the role has).',
    '- Committees and boards: name, description, admins, members and a quorum from 5% to 100%.',
    '- Activity logs: who did what and when, filtered by username.',
  ]],
  ['Guests', [
    'People invited by e-mail open meetings and approvals from the link they receive; they see the page',
    'without the side menu and without a profile.',
  ]],
];

async function manual(lang) {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Boardroom user manual');
  pdf.setLanguage(lang);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]); // A4 portrait
  let y = 780;
  const line = (text, f = font, size = 10.5, gap = 15) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 780;
    }
    page.drawText(text, { x: 56, y, size, font: f, color: rgb(0.12, 0.16, 0.23) });
    y -= gap;
  };
  line('Boardroom', bold, 22, 30);
  line('User manual', font, 14, 34);
  for (const [title, lines] of SECTIONS) {
    y -= 6;
    line(title, bold, 13, 20);
    for (const l of lines) line(l);
  }
  return pdf.save();
}

for (const lang of ['en', 'fr', 'ar', 'ru']) {
  writeFileSync(join(out, `manual-${lang}.pdf`), await manual(lang));
  console.log(`wrote web/public/manual-${lang}.pdf`);
}
