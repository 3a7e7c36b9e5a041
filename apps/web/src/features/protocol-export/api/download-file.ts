import { useMutation } from '@tanstack/react-query';
import { requestRaw } from '@/lib/api-client';
import { saveBlob, type SavedFile } from '@/lib/save-blob';

/** The name the server gave a download (RFC 6266: filename*, else filename), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below will do.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** A file of the API (bearer auth through the api client), as a Blob with its name. */
export async function downloadFile(path: string, fallback: string): Promise<SavedFile> {
  const response = await requestRaw(path);
  const blob = await response.blob();
  return { blob, filename: fileNameOf(response.headers.get('content-disposition'), fallback) };
}

export type ProtocolFile = 'pdf' | 'csv';

const FILES: Record<ProtocolFile, { path: (id: string) => string; fallback: string }> = {
  pdf: { path: (id) => `/api/matches/${id}/scoresheet.pdf`, fallback: 'matchprotokoll.pdf' },
  csv: { path: (id) => `/api/matches/${id}/export.csv`, fallback: 'matchprotokoll.csv' },
};

/** 'Ladda ner PDF' and 'Exportera CSV': fetch the protocol's file and save it. */
export function useDownloadProtocolFile(protocolId: string) {
  return useMutation({
    mutationFn: (kind: ProtocolFile) =>
      downloadFile(FILES[kind].path(protocolId), FILES[kind].fallback),
    onSuccess: saveBlob,
  });
}
