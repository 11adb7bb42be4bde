import { parseDate, parseDuration, parseTime, parseVoiceCommand, type VoiceCommand, type VoiceLang } from './parse';

// Wednesday 2 December 2026, 09:00 local
const NOW = new Date(2026, 11, 2, 9, 0, 0);

describe('parseVoiceCommand: navigation and help', () => {
  it.each<[VoiceLang, string, VoiceCommand]>([
    ['en-US', 'Go to home', { kind: 'navigate', target: 'home' }],
    ['en-US', 'open the calendar', { kind: 'navigate', target: 'calendar' }],
    ['en-US', 'News', { kind: 'navigate', target: 'news' }],
    ['en-US', 'show me the action tracker', { kind: 'navigate', target: 'actionTracker' }],
    ['en-US', 'go to meetings.', { kind: 'navigate', target: 'meetings' }],
    ['en-US', 'open library', { kind: 'navigate', target: 'library' }],
    ['en-US', 'take me to approvals', { kind: 'navigate', target: 'approvals' }],
    ['en-US', 'open my profile', { kind: 'navigate', target: 'profile' }],
    ['en-US', 'go to the organization page', { kind: 'navigate', target: 'organization' }],
    ['en-US', 'help', { kind: 'help' }],
    ['en-US', 'what can I say?', { kind: 'help' }],
    ['en-US', 'go to the moon', { kind: 'unknown', text: 'go to the moon' }],
    ['en-US', '   ', { kind: 'unknown', text: '   ' }],
    ['ar-EG', 'اذهب إلى الرئيسية', { kind: 'navigate', target: 'home' }],
    ['ar-EG', 'افتح التقويم', { kind: 'navigate', target: 'calendar' }],
    ['ar-EG', 'الأخبار', { kind: 'navigate', target: 'news' }],
    ['ar-EG', 'روح على متابعة الإجراءات', { kind: 'navigate', target: 'actionTracker' }],
    ['ar-EG', 'افتح الاجتماعات', { kind: 'navigate', target: 'meetings' }],
    ['ar-EG', 'المكتبة', { kind: 'navigate', target: 'library' }],
    ['ar-EG', 'اعرض الموافقات', { kind: 'navigate', target: 'approvals' }],
    ['ar-EG', 'افتح الملف الشخصي', { kind: 'navigate', target: 'profile' }],
    ['ar-EG', 'انتقل إلى صفحة المنظمة', { kind: 'navigate', target: 'organization' }],
    ['ar-EG', 'مساعدة', { kind: 'help' }],
    ['ar-EG', 'افتح الباب', { kind: 'unknown', text: 'افتح الباب' }],
  ])('%s "%s"', (lang, heard, expected) => {
    expect(parseVoiceCommand(heard, lang, NOW)).toEqual(expected);
  });
});

describe('parseVoiceCommand: dictating a new meeting', () => {
  it.each<[VoiceLang, string, object]>([
    ['en-US', 'New meeting title Budget review description Quarterly figures committee Finance date tomorrow time 3 pm duration 2 hours location Board room virtual yes',
      { title: 'Budget review', description: 'Quarterly figures', committee: 'Finance', date: '2026-12-03', time: '15:00', duration: 2, location: 'Board room', virtual: true }],
    ['en-US', 'create a meeting title Audit kickoff on December 14 at 10:30 for two hours virtual no',
      { title: 'Audit kickoff', date: '2026-12-14', time: '10:30', duration: 2, virtual: false }],
    ['en-US', 'schedule a meeting title Strategy date 2027-01-05 time 9 am duration 1.5',
      { title: 'Strategy', date: '2027-01-05', time: '09:00', duration: 1.5 }],
    ['en-US', 'new meeting Quick sync date 5 march time 12 am', { title: 'Quick sync', date: '2027-03-05', time: '00:00' }],
    ['en-US', 'new meeting title Offsite date 3rd december online', { title: 'Offsite', date: '2026-12-03', virtual: true }],
    ['en-US', 'new meeting', {}],
    ['ar-EG', 'اجتماع جديد العنوان مراجعة الميزانية الوصف أرقام الربع اللجنة المالية التاريخ غدا الوقت ٣ مساء المدة ساعتين المكان قاعة المجلس افتراضي نعم',
      { title: 'مراجعة الميزانية', description: 'أرقام الربع', committee: 'المالية', date: '2026-12-03', time: '15:00', duration: 2, location: 'قاعة المجلس', virtual: true }],
    ['ar-EG', 'إنشاء اجتماع العنوان التدقيق التاريخ ١٤ ديسمبر الساعة 10:30 صباحا المدة 3 ساعات افتراضي لا',
      { title: 'التدقيق', date: '2026-12-14', time: '10:30', duration: 3, virtual: false }],
  ])('%s "%s"', (lang, heard, draft) => {
    expect(parseVoiceCommand(heard, lang, NOW)).toEqual({ kind: 'new-meeting', draft });
  });
});

describe('dates, times and durations', () => {
  it.each<[VoiceLang, string, string | undefined]>([
    ['en-US', 'today', '2026-12-02'],
    ['en-US', 'tomorrow', '2026-12-03'],
    ['en-US', 'December 31st', '2026-12-31'],
    ['en-US', '1 january', '2027-01-01'],
    ['en-US', '2 december', '2026-12-02'],
    ['en-US', '3/1', '2027-01-03'],
    ['en-US', '31 february 2027', undefined],
    ['en-US', 'someday', undefined],
    ['ar-EG', 'اليوم', '2026-12-02'],
    ['ar-EG', '٥ يناير ٢٠٢٨', '2028-01-05'],
  ])('date %s "%s" -> %s', (lang, raw, out) => expect(parseDate(raw, lang, NOW)).toBe(out));

  it.each<[VoiceLang, string, string | undefined]>([
    ['en-US', '10:30', '10:30'],
    ['en-US', '3 pm', '15:00'],
    ['en-US', '12 pm', '12:00'],
    ['en-US', '12 am', '00:00'],
    ['en-US', '7:45 p.m.', '19:45'],
    ['en-US', '25:00', undefined],
    ['en-US', 'noonish', undefined],
    ['ar-EG', '٣ مساء', '15:00'],
    ['ar-EG', '9 صباحا', '09:00'],
  ])('time %s "%s" -> %s', (lang, raw, out) => expect(parseTime(raw, lang)).toBe(out));

  it.each<[VoiceLang, string, number | undefined]>([
    ['en-US', '2 hours', 2],
    ['en-US', 'two hours', 2],
    ['en-US', 'an hour', 1],
    ['en-US', 'an hour and a half', 1.5],
    ['en-US', '1.5', 1.5],
    ['en-US', '30 hours', undefined],
    ['ar-EG', 'ساعتين', 2],
    ['ar-EG', '3 ساعات', 3],
    ['ar-EG', 'ساعة', 1],
  ])('duration %s "%s" -> %s', (lang, raw, out) => expect(parseDuration(raw, lang)).toBe(out));
});
