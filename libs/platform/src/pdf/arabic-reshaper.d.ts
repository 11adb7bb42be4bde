/** arabic-reshaper (no types of its own): Arabic letters to their Presentation Forms-A/B by position in the word. */
declare module 'arabic-reshaper' {
  const ArabicReshaper: { convertArabic(text: string): string; convertArabicBack(text: string): string };
  export default ArabicReshaper;
}
