import { Copy, Download, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export const RECOVERY_CODES_FILE = 'speedway-aterstallningskoder.txt';

const asText = (codes: readonly string[]) =>
  [
    'Återställningskoder – Speedway Elitserien',
    'Varje kod kan användas en gång i stället för koden från autentiseringsappen.',
    '',
    ...codes,
    '',
  ].join('\n');

/** The recovery codes, shown once: copy or download them before leaving. */
export function RecoveryCodesPanel({
  codes,
  onDone,
}: {
  codes: readonly string[];
  onDone: () => void;
}) {
  const copy = () =>
    navigator.clipboard
      .writeText(asText(codes))
      .then(() => toast.success('Koderna är kopierade.'))
      .catch(() => toast.error('Kunde inte kopiera. Markera koderna och kopiera dem själv.'));

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([asText(codes)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <Alert>
        <KeyRound aria-hidden="true" />
        <AlertTitle id="recovery-codes-title">Spara dina återställningskoder</AlertTitle>
        <AlertDescription>
          Har du inte tillgång till autentiseringsappen kan du logga in med en av koderna. Varje kod
          fungerar en gång. Koderna visas bara nu – kopiera eller ladda ner dem och förvara dem
          säkert.
        </AlertDescription>
      </Alert>
      <ul
        aria-label="Återställningskoder"
        className="grid grid-cols-1 gap-2 rounded-lg bg-muted p-3 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Kopiera
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Ladda ner
        </Button>
        <Button type="button" onClick={onDone}>
          Jag har sparat koderna
        </Button>
      </div>
    </section>
  );
}
