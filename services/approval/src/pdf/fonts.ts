import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Naskh Arabic (SIL Open Font License, shipped as TTF files by @expo-google-fonts/noto-naskh-arabic, a
 * dependency of this service, so the image has it): Arabic letters with their presentation forms, and Latin.
 * Used by the audit page and by the lines written beside a stamped signature.
 */
let arabicFonts: { regular: Buffer; bold: Buffer } | null = null;
const fontsDir = '@expo-google-fonts/noto-naskh-arabic';
export function arabicFontBytes(): { regular: Buffer; bold: Buffer } {
  const req = createRequire(__filename);
  arabicFonts ??= {
    regular: readFileSync(req.resolve(`${fontsDir}/400Regular/NotoNaskhArabic_400Regular.ttf`)),
    bold: readFileSync(req.resolve(`${fontsDir}/700Bold/NotoNaskhArabic_700Bold.ttf`)),
  };
  return arabicFonts;
}
