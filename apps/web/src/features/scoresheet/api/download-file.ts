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

/** A file of the API: where it is, and its name when the server gives none. */
export type ApiFile = { path: string; fallback: string };

/** A file of the API (bearer auth through the api client), as a Blob with its name. */
export async function downloadFile({ path, fallback }: ApiFile): Promise<SavedFile> {
  const response = await requestRaw(path);
  const blob = await response.blob();
  return { blob, filename: fileNameOf(response.headers.get('content-disposition'), fallback) };
}

export type ProtocolFile = 'pdf' | 'csv' | 'json';

const PROTOCOL_FILES: Record<ProtocolFile, { name: string; fallback: string }> = {
  pdf: { name: 'scoresheet.pdf', fallback: 'matchprotokoll.pdf' },
  csv: { name: 'export.csv', fallback: 'matchprotokoll.csv' },
  json: { name: 'export.json', fallback: 'matchprotokoll.json' },
};

/** A protocol's sheet as PDF, CSV or JSON (README: the scoresheet). */
export function protocolFile(protocolId: string, kind: ProtocolFile): ApiFile {
  const { name, fallback } = PROTOCOL_FILES[kind];
  return { path: `/api/matches/${encodeURIComponent(protocolId)}/${name}`, fallback };
}

/** The blank sheet of an official match as PDF: the line-ups in the programme, no results. */
export function blankSheetFile(officialId: string): ApiFile {
  return {
    path: `/api/official-matches/${encodeURIComponent(officialId)}/blank-scoresheet.pdf`,
    fallback: 'tomt-matchprotokoll.pdf',
  };
}

/** Fetches a file of the API and saves it. */
export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile, onSuccess: saveBlob });
}
