import { FileDown, Printer, Sheet } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { useOnline } from '@/lib/offline/use-outbox';
import { useDownloadProtocolFile, type ProtocolFile } from './api/download-file';
import type { PrintSource } from './lib/print-scoresheet';
import { usePrint } from './use-print';

export const NEEDS_CONNECTION = 'PDF och CSV kräver anslutning. Utskrift fungerar offline.';
const FAILED: Record<ProtocolFile, string> = {
  pdf: 'Kunde inte ladda ner PDF',
  csv: 'Kunde inte exportera CSV',
};
const FILE_BUTTONS = [
  { kind: 'pdf', label: 'Ladda ner PDF', icon: FileDown },
  { kind: 'csv', label: 'Exportera CSV', icon: Sheet },
] as const;

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
  /**
   * The protocol as shown on the page, read when 'Skriv ut' is pressed; a promise when part of
   * the sheet (the referee of its official match) may have to be asked for.
   */
  printSource: () => PrintSource | Promise<PrintSource>;
  children?: React.ReactNode;
}) {
  const online = useOnline();
  const download = useDownloadProtocolFile(protocolId);
  const { printing, print } = usePrint();
  const fetchFile = (kind: ProtocolFile) =>
    download.mutate(kind, {
      onError: (error) =>
        toast.error(FAILED[kind], { description: serverMessageOr(error, 'Försök igen.') }),
    });
  const needsConnectionId = `${protocolId}-needs-connection`;

  return (
    <div className="grid gap-1.5" data-protocol-actions="">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Protokollet ut ur appen">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={printing}
          onClick={() => print(printSource())}
        >
          <Printer aria-hidden="true" />
          Skriv ut
        </Button>
        {FILE_BUTTONS.map(({ kind, label, icon: Icon }) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            disabled={!online || download.isPending}
            aria-busy={download.isPending && download.variables === kind}
            aria-describedby={online ? undefined : needsConnectionId}
            onClick={() => fetchFile(kind)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
        {children}
      </div>
      {online ? null : (
        <p id={needsConnectionId} className="text-[12px] text-muted-foreground">
          {NEEDS_CONNECTION}
        </p>
      )}
    </div>
  );
}
