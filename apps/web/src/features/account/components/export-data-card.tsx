import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useExportAccountData } from '../api/export-account-data';

export function ExportDataCard() {
  const exporter = useExportAccountData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Exportera data</CardTitle>
        <CardDescription>
          Ladda ner en JSON-fil med ditt konto, dina inloggade enheter och dina protokoll.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={exporter.isPending}
          onClick={() =>
            !exporter.isPending &&
            exporter.mutate(undefined, {
              onError: (error) =>
                toast.error('Kunde inte exportera data', {
                  description: errorMessage(error, '') || undefined,
                }),
            })
          }
        >
          {exporter.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          Ladda ner mina data
        </Button>
      </CardContent>
    </Card>
  );
}
