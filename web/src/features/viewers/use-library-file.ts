import { useEffect } from 'react';
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

/** GET /api/library/fetch/{id} for a viewer, asked again while the PDF of an office file is being made */
export function useLibraryFile(id: number | null, meetingId: number | null, token: string | undefined) {
  const file = useApi(id === null ? null : 'library/fetch', [id, meetingId, token ?? null], () => libraryApi.fetchFile(id!, { meetingId, token }), { revalidateOnFocus: false });
  const converting = isConverting(file.data);
  useEffect(() => {
    if (!converting) return undefined;
    const timer = setTimeout(() => void file.mutate(), CONVERSION_POLL_MS);
    return () => clearTimeout(timer);
  }, [converting, file.data, file]);
  return file;
}
