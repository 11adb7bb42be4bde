/**
 * Voice commands (docs/product/voice.md). For the shell: VoiceButton (header) and VoiceHelpPage (route
 * VOICE_HELP_PATH). For the meeting create drawer: onMeetingDraft / takePendingDraft give the dictated
 * MeetingDraft (title, description, committee name, date YYYY-MM-DD, time HH:mm, duration hours, location, virtual).
 */
export { parseVoiceCommand, type MeetingDraft, type VoiceCommand, type VoiceLang, type VoiceTarget } from './parse';
export { MEETING_DRAFT_EVENT, emitMeetingDraft, onMeetingDraft, takePendingDraft } from './draft-events';
export { VoiceButton, VOICE_HELP_PATH } from './VoiceButton';
export { VoiceHelpPage } from './VoiceHelpPage';
export { actionOf, VOICE_PATHS } from './commands';
export { voiceSupported, recognitionCtor } from './speech';
