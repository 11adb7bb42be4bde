import { libraryApi, type LibraryFetch } from '../../api/library';
import { useApi } from '../../hooks/use-api';

/** how often a viewer asks again while an office file is being converted to PDF */
export const CONVERSION_POLL_MS = 1500;

/** the file id of a path or query parameter: digits only, anything else is no file */
export function fileIdOf(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** the conversion job of an office file is still running (the viewer shows its progress and asks again) */
export function isConverting(f: Pick<LibraryFetch, 'file_url' | 'conversion'> | undefined): boolean {
  return !!f && !f.file_url && (f.conversion.status === 'pending' || f.conversion.status === 'processing');
}

/**
 * GET /api/library/fetch/{id} for a viewer, asked again every CONVERSION_POLL_MS while the PDF of an office file is
 * being made. SWR's own refresh interval, decided on each answer: an effect keyed on the data stopped asking when two
 * answers were equal (SWR keeps the same data object then), so a conversion that stayed at 10 % was never seen done.
 */
export function useLibraryFile(id: number | null, meetingId: number | null, token: string | undefined) {
  return useApi(id === null ? null : 'library/fetch', [id, meetingId, token ?? null], () => libraryApi.fetchFile(id!, { meetingId, token }), {
    revalidateOnFocus: false,
    refreshInterval: (latest) => (isConverting(latest) ? CONVERSION_POLL_MS : 0),
  });
}
