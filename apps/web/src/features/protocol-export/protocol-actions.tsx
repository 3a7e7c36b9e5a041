import { FileDown, Printer, Sheet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { useOnline } from '@/lib/offline/use-outbox';
import { useDownloadProtocolFile, type ProtocolFile } from './api/download-file';
import type { PrintSource } from './lib/print-scoresheet';

export const NEEDS_CONNECTION = 'PDF och CSV kräver anslutning. Utskrift fungerar offline.';
const FAILED: Record<ProtocolFile, string> = {
  pdf: 'Kunde inte ladda ner PDF',
  csv: 'Kunde inte exportera CSV',
};
export const PRINT_FAILED = 'Kunde inte skriva ut protokollet';

/** Loads the sheet's renderer on the first print, never with the page. */
export async function printSheet(source: PrintSource, blank = false): Promise<void> {
  const { printScoresheet } = await import('./lib/print-scoresheet');
  printScoresheet(source, { blank });
}

/**
 * The protocol out of the app (issue 14): 'Skriv ut' (the browser's print of the sheet, offline
 * too), 'Ladda ner PDF' and 'Exportera CSV' (from the server: online only). `children` go at the
 * end of the row (e.g. 'Dela live').
 */
export function ProtocolActions({
  protocolId,
  printSource,
  children,
}: {
  protocolId: string;
  /** The protocol as shown on the page, read when 'Skriv ut' is pressed. */
  printSource: () => PrintSource;
  children?: React.ReactNode;
}) {
  const online = useOnline();
  const download = useDownloadProtocolFile(protocolId);
  const [printing, setPrinting] = useState(false);
  const fetchFile = (kind: ProtocolFile) =>
    download.mutate(kind, {
      onError: (error) =>
        toast.error(FAILED[kind], { description: serverMessageOr(error, 'Försök igen.') }),
    });
  const busy = (kind: ProtocolFile) => download.isPending && download.variables === kind;

  return (
    <div className="grid gap-1.5" data-protocol-actions="">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Protokollet ut ur appen">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={printing}
          onClick={() => {
            setPrinting(true);
            printSheet(printSource())
              .catch(() => toast.error(PRINT_FAILED, { description: 'Försök igen.' }))
              .finally(() => setPrinting(false));
          }}
        >
          <Printer aria-hidden="true" />
          Skriv ut
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!online || download.isPending}
          aria-busy={busy('pdf')}
          aria-describedby={online ? undefined : `${protocolId}-needs-connection`}
          onClick={() => fetchFile('pdf')}
        >
          <FileDown aria-hidden="true" />
          Ladda ner PDF
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!online || download.isPending}
          aria-busy={busy('csv')}
          aria-describedby={online ? undefined : `${protocolId}-needs-connection`}
          onClick={() => fetchFile('csv')}
        >
          <Sheet aria-hidden="true" />
          Exportera CSV
        </Button>
        {children}
      </div>
      {online ? null : (
        <p id={`${protocolId}-needs-connection`} className="text-[12px] text-muted-foreground">
          {NEEDS_CONNECTION}
        </p>
      )}
    </div>
  );
}
