import { FileDown, FileJson, Printer, Sheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/offline/use-outbox';
import { protocolFile } from './api/download-file';
import { DownloadButton } from './download-button';
import type { PrintSource } from './lib/print-scoresheet';
import { usePrint } from './use-print';

export const NEEDS_CONNECTION = 'PDF, CSV och JSON kräver anslutning. Utskrift fungerar offline.';
const FILE_BUTTONS = [
  { kind: 'pdf', label: 'Ladda ner PDF', failed: 'Kunde inte ladda ner PDF', icon: FileDown },
  { kind: 'csv', label: 'Exportera CSV', failed: 'Kunde inte exportera CSV', icon: Sheet },
  { kind: 'json', label: 'Exportera JSON', failed: 'Kunde inte exportera JSON', icon: FileJson },
] as const;

/**
 * The protocol out of the app (ADR 011): 'Skriv ut' (the browser's print of the sheet, offline
 * too), 'Ladda ner PDF', 'Exportera CSV' and 'Exportera JSON' (from the server: online only).
 * `children` go at the end of the row (e.g. 'Dela live').
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
  const { printing, print } = usePrint();
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
        {FILE_BUTTONS.map(({ kind, ...button }) => (
          <DownloadButton
            key={kind}
            file={protocolFile(protocolId, kind)}
            size="sm"
            describedBy={needsConnectionId}
            {...button}
          />
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
