import { CircleCheck, CircleX, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useImportOfficialFile } from '../api/import-official-file';

type Outcome = { ok: boolean; text: string };

/** The file's JSON, or the reason it has none: a file that is not JSON never reaches the server. */
async function readJson(file: File): Promise<{ document: unknown } | { problem: string }> {
  try {
    return { document: JSON.parse(await file.text()) as unknown };
  } catch {
    return {
      problem: `Filen ${file.name} är inte giltig JSON och skickades inte. Välj en fil i formatet speedway-official/1.`,
    };
  }
}

/** 'Importera fil': a speedway-official/1 document, checked whole by the server. */
export function ImportFileCard() {
  const importFile = useImportOfficialFile();
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = reading || importFile.isPending;

  const submit = async () => {
    if (busy) return;
    if (!file) {
      setOutcome({ ok: false, text: 'Välj en fil först.' });
      return;
    }
    setOutcome(null);
    setReading(true);
    const read = await readJson(file);
    setReading(false);
    if ('problem' in read) {
      setOutcome({ ok: false, text: read.problem });
      return;
    }
    importFile.mutate(read.document, {
      onSuccess: (summary) => setOutcome({ ok: true, text: summary.message }),
      onError: (error) =>
        setOutcome({ ok: false, text: errorMessage(error, 'Filen kunde inte importeras.') }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Importera fil</CardTitle>
        <CardDescription>
          Matcher, lag och resultat ur en fil i formatet speedway-official/1. Är något i filen fel
          sparas ingenting.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label="Fil att importera" hint="En JSON-fil (.json).">
            <Input
              type="file"
              name="file"
              accept=".json,application/json"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
              }}
              className="h-auto min-h-11 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-foreground"
            />
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label="Importerar…" /> : <Upload aria-hidden="true" />}
              Importera
            </Button>
          </div>
          {outcome ? (
            <Alert
              variant={outcome.ok ? 'success' : 'destructive'}
              role={outcome.ok ? 'status' : 'alert'}
            >
              {outcome.ok ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
              <AlertDescription className="break-words whitespace-pre-line">
                {outcome.text}
              </AlertDescription>
            </Alert>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
